import { describe, expect, it } from "vitest";
import { changeRoleSchema, inviteStaffSchema, setActiveSchema } from "./staff";

describe("staff forms", () => {
  it("invites with a staff role, Vietnamese by default", () => {
    expect(
      inviteStaffSchema.parse({
        email: "bien.tap@vanxuan.example",
        name: "Biên Tập",
        role: "editor",
      }),
    ).toEqual({ email: "bien.tap@vanxuan.example", name: "Biên Tập", role: "editor", lang: "vi" });
  });

  it("refuses a role that is not a staff role", () => {
    const parsed = changeRoleSchema.safeParse({ userId: "u1", role: "entrant" });
    expect(parsed.error?.issues[0]?.message).toBe("adminPlatform.validation.role");
  });

  it("reads the active flag as a checkbox posts it", () => {
    expect(setActiveSchema.parse({ userId: "u1", active: "on" }).active).toBe(true);
    expect(setActiveSchema.parse({ userId: "u1" }).active).toBe(false);
  });
});
