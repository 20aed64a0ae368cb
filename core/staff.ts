import { z } from "zod";
import { STAFF_ROLES } from "./roles";
import { checkbox, emailField } from "./form-fields";

/** What the users back office accepts: invitations, role changes and (de)activation. */

export const staffRoleSchema = z.enum(STAFF_ROLES, { message: "adminPlatform.validation.role" });

export const inviteStaffSchema = z.object({
  // Empty says "required", not "not a valid address"; trimmed and lowercased like every email.
  email: emailField(),
  name: z
    .string()
    .trim()
    .min(1, { message: "validation.required" })
    .max(120, { message: "validation.tooLong" }),
  role: staffRoleSchema,
  lang: z.enum(["vi", "en"], { message: "validation.lang" }).default("vi"),
});

export const changeRoleSchema = z.object({
  userId: z.string().min(1).max(100),
  role: staffRoleSchema,
});

export const setActiveSchema = z.object({
  userId: z.string().min(1).max(100),
  active: checkbox,
});

/** Invitations last longer than a password reset: people do not open them at once. */
export const INVITATION_EXPIRES_HOURS = 72;
