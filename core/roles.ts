/**
 * Who may do what in the back office (PRODUCT §1). An account has one role: entrants enter
 * the competition; staff roles open back-office sections. Enforced on the server; the UI
 * only mirrors it.
 */
export const STAFF_ROLES = ["admin", "editor", "finance", "jury_manager"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
export type Role = "entrant" | StaffRole;

export function isStaffRole(role: unknown): role is StaffRole {
  return typeof role === "string" && (STAFF_ROLES as readonly string[]).includes(role);
}

/** Back-office sections and the roles that open each (admin opens everything). */
export const BACK_OFFICE_SECTIONS = {
  dashboard: ["admin", "editor", "finance", "jury_manager"],
  // Screening and judging outcomes (jury_manager), payments (finance): both read entries and
  // registrants; what each may change is decided per transition by core/entry-status.ts.
  entries: ["admin", "jury_manager", "finance"],
  registrants: ["admin", "jury_manager", "finance"],
  content: ["admin", "editor"],
  payments: ["admin", "finance"],
  judging: ["admin", "jury_manager"],
  seasons: ["admin"],
  settings: ["admin"],
  users: ["admin"],
  outbox: ["admin"],
  audit: ["admin"],
} as const satisfies Record<string, readonly StaffRole[]>;

export type BackOfficeSection = keyof typeof BACK_OFFICE_SECTIONS;

export function canOpenSection(role: unknown, section: BackOfficeSection): boolean {
  return (
    isStaffRole(role) && (BACK_OFFICE_SECTIONS[section] as readonly StaffRole[]).includes(role)
  );
}

/**
 * Whether a role may see money (fees collected and due, payments, revenue) wherever the back
 * office shows it: exactly the roles that open payments. Pages leave it out of their data for
 * the others, not only out of their markup.
 */
export function seesMoney(role: unknown): boolean {
  return canOpenSection(role, "payments");
}

/**
 * Who publishes entries to the public library or takes them out: the roles that run results
 * (publishing the winners publishes their entries). Finance reads the entries table for
 * payments but does not decide what the public sees.
 */
export const LIBRARY_PUBLISHERS = ["admin", "jury_manager"] as const satisfies readonly StaffRole[];

export function canPublishToLibrary(role: unknown): boolean {
  return isStaffRole(role) && (LIBRARY_PUBLISHERS as readonly StaffRole[]).includes(role);
}

/** The sections a role sees in the back-office navigation, in order. */
export function sectionsFor(role: unknown): BackOfficeSection[] {
  return (Object.keys(BACK_OFFICE_SECTIONS) as BackOfficeSection[]).filter((section) =>
    canOpenSection(role, section),
  );
}
