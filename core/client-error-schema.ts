import { z } from "zod";
import { CLIENT_ERROR_KINDS, CLIENT_ERROR_LIMITS } from "./client-error";

/** A browser's error report as the server takes it (`server/plugins/client-errors.ts`). */
export const clientErrorReportSchema = z
  .object({
    kind: z.enum(CLIENT_ERROR_KINDS),
    message: z.string().trim().min(1).max(CLIENT_ERROR_LIMITS.messageChars),
    stack: z.string().max(CLIENT_ERROR_LIMITS.stackChars).optional(),
    // The page's path only: a query may carry a token (a password-reset link).
    path: z
      .string()
      .max(CLIENT_ERROR_LIMITS.pathChars)
      .regex(/^\/[^?#]*$/),
  })
  .strict();
