import { describe, expect, it } from "vitest";
import {
  ENTRY_STATUSES,
  canTransition,
  entrantMayWithdraw,
  entryStatusLabelKey,
  isEditableByEntrant,
  isFinalStatus,
  isReopenedForChanges,
  isSubmittedStatus,
  mayReopenScreening,
  nextStatuses,
  nextStatusesFor,
  reopensScreening,
  SCREENING_OUTCOMES,
  statusAfterResubmission,
  staysInAfterRefund,
  transitionNeedsReason,
  type EntryStatus,
} from "./entry-status";
import { catalogText } from "./i18n/lookup";
import { LANGUAGES } from "./languages";

describe("entry status", () => {
  it("keeps screened-in, sent-back and judged entries in the competition after a refund", () => {
    const staying = ENTRY_STATUSES.filter(staysInAfterRefund);
    expect(staying).toEqual([
      "accepted",
      "needs_changes",
      "shortlisted",
      "winner",
      "finalist",
      "not_awarded",
    ]);
    // A refund hands a paid entry back (paid → submitted), as the lifecycle allows the system.
    expect(canTransition("paid", "submitted", "system")).toBe(true);
  });

  it("follows the happy path of a winning entry", () => {
    const path: [EntryStatus, EntryStatus, Parameters<typeof canTransition>[2]][] = [
      ["draft", "submitted", "entrant"],
      ["submitted", "paid", "system"],
      ["paid", "accepted", "jury_manager"],
      ["accepted", "shortlisted", "jury_manager"],
      ["shortlisted", "winner", "admin"],
    ];
    for (const [from, to, actor] of path) expect(canTransition(from, to, actor)).toBe(true);
  });

  it("lists the next states of each state", () => {
    expect(nextStatuses("draft")).toEqual(["submitted", "withdrawn"]);
    expect(nextStatuses("submitted")).toEqual(["paid", "withdrawn"]);
    expect(nextStatuses("paid")).toEqual([
      "submitted",
      "accepted",
      "needs_changes",
      "rejected",
      "withdrawn",
    ]);
    expect(nextStatuses("needs_changes")).toEqual([
      "submitted",
      "paid",
      "needs_changes",
      "rejected",
      "withdrawn",
    ]);
    expect(nextStatuses("accepted")).toEqual(["paid", "shortlisted", "not_awarded", "withdrawn"]);
    expect(nextStatuses("rejected")).toEqual(["paid"]);
    expect(nextStatuses("shortlisted")).toEqual(["winner", "finalist", "not_awarded"]);
  });

  it("hands a paid entry back to submitted only through a refund (system)", () => {
    expect(canTransition("paid", "submitted", "system")).toBe(true);
    for (const actor of ["entrant", "admin", "finance", "jury_manager", "editor"] as const) {
      expect(canTransition("paid", "submitted", actor), actor).toBe(false);
    }
  });

  it("lets the entrant resubmit an entry that needs changes", () => {
    expect(canTransition("needs_changes", "submitted", "entrant")).toBe(true);
    expect(canTransition("needs_changes", "submitted", "admin")).toBe(false);
  });

  it("allows withdrawal before judging only", () => {
    for (const from of ["draft", "submitted", "paid", "needs_changes", "accepted"] as const) {
      expect(canTransition(from, "withdrawn", "entrant"), from).toBe(true);
      expect(canTransition(from, "withdrawn", "admin"), from).toBe(true);
    }
    for (const from of ["shortlisted", "winner", "finalist", "not_awarded", "rejected"] as const) {
      expect(canTransition(from, "withdrawn", "entrant"), from).toBe(false);
      expect(canTransition(from, "withdrawn", "admin"), from).toBe(false);
    }
  });

  it("keeps an accepted entry from its owner once a round of its season has opened", () => {
    for (const from of ["draft", "submitted", "paid", "needs_changes"] as const) {
      expect(entrantMayWithdraw(from, false), from).toBe(true);
      expect(entrantMayWithdraw(from, true), from).toBe(true);
    }
    expect(entrantMayWithdraw("accepted", false)).toBe(true);
    expect(entrantMayWithdraw("accepted", true)).toBe(false);
    for (const from of ["shortlisted", "winner", "rejected", "withdrawn"] as const) {
      expect(entrantMayWithdraw(from, false), from).toBe(false);
    }
  });

  it("keeps each move to those who may make it", () => {
    expect(canTransition("submitted", "paid", "entrant")).toBe(false);
    expect(canTransition("submitted", "paid", "finance")).toBe(true);
    expect(canTransition("submitted", "paid", "editor")).toBe(false);
    expect(canTransition("paid", "accepted", "entrant")).toBe(false);
    expect(canTransition("paid", "accepted", "finance")).toBe(false);
    expect(canTransition("paid", "accepted", "system")).toBe(false);
    expect(canTransition("shortlisted", "winner", "entrant")).toBe(false);
    expect(canTransition("draft", "submitted", "admin")).toBe(false);
    expect(nextStatusesFor("paid", "entrant")).toEqual(["withdrawn"]);
    expect(nextStatusesFor("paid", "jury_manager")).toEqual([
      "accepted",
      "needs_changes",
      "rejected",
    ]);
  });

  it("lets the secretariat alone take a screening decision back, to paid", () => {
    for (const from of SCREENING_OUTCOMES) {
      expect(reopensScreening(from, "paid"), from).toBe(true);
      expect(canTransition(from, "paid", "jury_manager"), from).toBe(true);
      expect(canTransition(from, "paid", "admin"), from).toBe(true);
      for (const actor of ["finance", "system", "entrant", "editor"] as const) {
        expect(canTransition(from, "paid", actor), `${from} ${actor}`).toBe(false);
      }
      // Always with a reason for the entrant.
      expect(transitionNeedsReason("paid", from), from).toBe(true);
    }
    expect(reopensScreening("submitted", "paid")).toBe(false);
    expect(transitionNeedsReason("paid", "submitted")).toBe(false);
    expect(reopensScreening("rejected", "accepted")).toBe(false);
    // An acceptance stands once a round opens; a rejection or a request for changes does not.
    expect(mayReopenScreening("accepted", false)).toBe(true);
    expect(mayReopenScreening("accepted", true)).toBe(false);
    expect(mayReopenScreening("rejected", true)).toBe(true);
    expect(mayReopenScreening("needs_changes", true)).toBe(true);
  });

  it("never skips a step, and goes back only to screening", () => {
    expect(canTransition("draft", "paid", "system")).toBe(false);
    expect(canTransition("submitted", "accepted", "admin")).toBe(false);
    expect(canTransition("paid", "shortlisted", "admin")).toBe(false);
    expect(canTransition("accepted", "winner", "admin")).toBe(false);
    expect(canTransition("submitted", "draft", "entrant")).toBe(false);
    // The one move to the same status: an entry sent back for changes given a new due date.
    for (const status of ENTRY_STATUSES.filter((s) => s !== "needs_changes"))
      expect(canTransition(status, status, "admin")).toBe(false);
    expect(canTransition("needs_changes", "needs_changes", "jury_manager")).toBe(true);
    expect(canTransition("needs_changes", "needs_changes", "entrant")).toBe(false);
  });

  it("has final states", () => {
    const final = ENTRY_STATUSES.filter(isFinalStatus);
    expect(final).toEqual(["winner", "finalist", "not_awarded", "withdrawn"]);
  });

  it("tells which states the entrant may edit and which count as submitted", () => {
    expect(ENTRY_STATUSES.filter(isEditableByEntrant)).toEqual([
      "draft",
      "submitted",
      "paid",
      "needs_changes",
    ]);
    expect(isSubmittedStatus("draft")).toBe(false);
    expect(isSubmittedStatus("withdrawn")).toBe(false);
    expect(isSubmittedStatus("paid")).toBe(true);
    expect(isSubmittedStatus("winner")).toBe(true);
  });

  it("asks for a reason when an entry needs changes or is rejected", () => {
    expect(ENTRY_STATUSES.filter((to) => transitionNeedsReason(to))).toEqual([
      "needs_changes",
      "rejected",
    ]);
  });

  it("re-opens an entry sent back for changes until its due instant, and no other", () => {
    const due = "2027-01-15T16:59:59.000Z";
    expect(isReopenedForChanges("needs_changes", due, new Date("2027-01-10T00:00:00Z"))).toBe(true);
    expect(isReopenedForChanges("needs_changes", due, new Date(due))).toBe(true);
    expect(isReopenedForChanges("needs_changes", due, new Date("2027-01-15T17:00:00Z"))).toBe(
      false,
    );
    expect(isReopenedForChanges("needs_changes", null, new Date("2027-01-10T00:00:00Z"))).toBe(
      false,
    );
    expect(isReopenedForChanges("needs_changes", "not a date", new Date())).toBe(false);
    for (const status of ENTRY_STATUSES.filter((s) => s !== "needs_changes"))
      expect(isReopenedForChanges(status, due, new Date("2027-01-10T00:00:00Z")), status).toBe(
        false,
      );
  });

  it("moves a resubmitted entry that had been paid on to paid, by the system", () => {
    expect(statusAfterResubmission(true)).toBe("paid");
    expect(statusAfterResubmission(false)).toBe("submitted");
    expect(canTransition("needs_changes", "submitted", "entrant")).toBe(true);
    expect(canTransition("submitted", "paid", "system")).toBe(true);
  });

  it.each(ENTRY_STATUSES)("%s has a name in both languages", (status) => {
    for (const lang of LANGUAGES)
      expect(catalogText(lang, entryStatusLabelKey(status))).toBeTruthy();
  });
});
