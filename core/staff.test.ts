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

  it("asks for an email left empty, and reads one typed with capitals and spaces", () => {
    const empty = inviteStaffSchema.safeParse({ email: " ", name: "Biên Tập", role: "editor" });
    expect(empty.error?.issues.map((issue) => [issue.path[0], issue.message])).toEqual([
      ["email", "validation.required"],
    ]);
    const wrong = inviteStaffSchema.safeParse({
      email: "bien.tap",
      name: "Biên Tập",
      role: "editor",
    });
    expect(wrong.error?.issues[0]?.message).toBe("validation.email");
    expect(
      inviteStaffSchema.parse({ email: " Bien.Tap@VanXuan.example ", name: "B", role: "editor" })
        .email,
    ).toBe("bien.tap@vanxuan.example");
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
