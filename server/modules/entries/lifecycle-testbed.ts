import { expect } from "vitest";
import type { EntryStatus } from "../../../core/entry-status";
import type { StaffRole } from "../../../core/roles";
import type { StatusActor } from "./change-status";
import { queuedMailSent } from "../../test-support/mail";
import type { EntriesTestbed } from "./testbed";

/**
 * Helpers for the status lifecycle tests, on top of the entries testbed: staff actors by
 * role, a submitted entry, a staff move that reads the current status version first, and the
 * newest email of a template to an address in the outbox.
 */

const STAFF_NAMES: Record<StaffRole, string> = {
  admin: "Phạm Quản Trị",
  editor: "Đặng Biên Tập",
  finance: "Hoàng Kế Toán",
  jury_manager: "Vũ Thư Ký",
};

export function staffActor(t: EntriesTestbed, role: StaffRole): StatusActor {
  return { id: t.staff, email: "staff@example.vn", role, name: STAFF_NAMES[role] };
}

/** A complete entry of `userId`, submitted. */
export async function submittedEntry(t: EntriesTestbed, userId = t.alice) {
  const entry = await t.completeDraft(userId);
  const submitted = await t.entries.submit(userId, entry.id);
  expect(submitted.ok, JSON.stringify(submitted)).toBe(true);
  if (!submitted.ok) throw new Error("submit refused");
  return submitted.entry;
}

/** The entry's current status and status version, as a staff page shows them. */
export async function statusOf(t: EntriesTestbed, entryId: string) {
  const entry = await t.entries.getForStaff(entryId);
  if (!entry) throw new Error(`no entry ${entryId}`);
  return { status: entry.status, statusVersion: entry.statusVersion };
}

/** A staff move from what the entry is now (reason and due date filled in for any move). */
export async function moveTo(
  t: EntriesTestbed,
  entryId: string,
  to: EntryStatus,
  role: StaffRole,
  extra: { reason?: string; changesDueOn?: string; statusVersion?: number } = {},
) {
  const { statusVersion } = await statusOf(t, entryId);
  return t.entries.changeStatus(staffActor(t, role), entryId, {
    to,
    reason: extra.reason ?? "",
    ...(extra.changesDueOn ? { changesDueOn: extra.changesDueOn } : {}),
    statusVersion: extra.statusVersion ?? statusVersion,
  });
}

/** A move that must succeed. */
export async function moved(...args: Parameters<typeof moveTo>) {
  const result = await moveTo(...args);
  expect(result, JSON.stringify(result)).toMatchObject({ ok: true });
  return result;
}

/**
 * The newest outbox message of a template to an address, with its text and HTML parts, once
 * the messages queued so far have gone out.
 */
export async function newestMail(t: EntriesTestbed, to: string, template: string) {
  await queuedMailSent(t.db);
  const { items } = await t.services.mail.listOutbox({ pageSize: 200 });
  const item = items.find((m) => m.to === to && m.template === template);
  if (!item) return null;
  return t.services.mail.readOutboxMessage(item.id);
}

/** How many outbox messages of a template went to an address, once the queued ones went out. */
export async function mailCount(t: EntriesTestbed, to: string, template: string) {
  await queuedMailSent(t.db);
  const { items } = await t.services.mail.listOutbox({ pageSize: 200 });
  return items.filter((m) => m.to === to && m.template === template).length;
}
