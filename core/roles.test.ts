import { describe, expect, it } from "vitest";
import { canOpenSection, canPublishToLibrary, isStaffRole, sectionsFor, seesMoney } from "./roles";

describe("back-office roles", () => {
  it("knows staff roles and nothing else", () => {
    expect(isStaffRole("admin")).toBe(true);
    expect(isStaffRole("jury_manager")).toBe(true);
    expect(isStaffRole("entrant")).toBe(false);
    expect(isStaffRole("ADMIN")).toBe(false);
    expect(isStaffRole(undefined)).toBe(false);
  });

  it("opens each section only to its roles; admin opens all", () => {
    expect(sectionsFor("admin")).toEqual([
      "dashboard",
      "entries",
      "registrants",
      "content",
      "payments",
      "judging",
      "seasons",
      "settings",
      "users",
      "outbox",
      "audit",
    ]);
    expect(sectionsFor("editor")).toEqual(["dashboard", "content"]);
    expect(sectionsFor("finance")).toEqual(["dashboard", "entries", "registrants", "payments"]);
    expect(sectionsFor("jury_manager")).toEqual(["dashboard", "entries", "registrants", "judging"]);
    expect(sectionsFor("entrant")).toEqual([]);
    expect(canOpenSection("editor", "outbox")).toBe(false);
    expect(canOpenSection("finance", "content")).toBe(false);
  });

  it("shows money only to the roles that open payments", () => {
    expect(
      ["admin", "finance", "editor", "jury_manager", "entrant", undefined].map(seesMoney),
    ).toEqual([true, true, false, false, false, false]);
  });

  it("lets only the roles that run results publish to the library", () => {
    expect(
      ["admin", "jury_manager", "finance", "editor", "entrant", undefined].map(canPublishToLibrary),
    ).toEqual([true, true, false, false, false, false]);
  });
});
