import { describe, expect, it } from "vitest";
import { CREDIT_ROLES, creditRoleIn } from "./credit-roles";
import { foldForSearch } from "./search-text";

describe("credit roles", () => {
  it("show a known role in the page's language, whichever language it was typed in", () => {
    expect(creditRoleIn("Đạo diễn", "en")).toBe("Director");
    expect(creditRoleIn("Director", "vi")).toBe("Đạo diễn");
    expect(creditRoleIn("Giám đốc sáng tạo", "vi")).toBe("Giám đốc sáng tạo");
    expect(creditRoleIn("Creative director", "en")).toBe("Creative director");
  });

  it("know a role typed in other case, without marks or with extra spaces", () => {
    expect(creditRoleIn("giam doc sang tao", "en")).toBe("Creative director");
    expect(creditRoleIn("  CREATIVE   Director ", "vi")).toBe("Giám đốc sáng tạo");
    expect(creditRoleIn("đơn vị thực hiện", "en")).toBe("Entrant company");
  });

  it("leave any other role as the entrant wrote it", () => {
    expect(creditRoleIn("Trưởng nhóm ý tưởng", "en")).toBe("Trưởng nhóm ý tưởng");
    expect(creditRoleIn("Chief ideas officer", "vi")).toBe("Chief ideas officer");
    expect(creditRoleIn("", "en")).toBe("");
  });

  it("name each role once, so a typed role has one translation", () => {
    const all = [...CREDIT_ROLES.companies, ...CREDIT_ROLES.people];
    const folded = all.flatMap((role) => [foldForSearch(role.vi), foldForSearch(role.en)]);
    expect(new Set(folded).size).toBe(folded.length);
  });
});
