import type { AppLoadContext } from "react-router";
import { paymentStateOf, refundedSincePaid } from "../../../core/entry-admin-list";
import { mayReopenScreening, nextStatusesFor, reopensScreening } from "../../../core/entry-status";
import type { ResponsiveImageData } from "../../../core/media-image";
import type { StaffRole } from "../../../core/roles";
import { judgedThroughCopy } from "../../../core/entry-limits";
import type { EntryReview, ReviewFile } from "./types";

type Services = AppLoadContext["services"];

/** How long the page's file links work: the page makes new ones on every load. */
export const REVIEW_LINK_SECONDS = 15 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a route parameter can be an entry id at all (anything else is a 404 at once). */
export function isEntryId(value: string | undefined): value is string {
  return typeof value === "string" && UUID.test(value);
}

const asNumber = (value: unknown): number | null => {
  const n = typeof value === "string" && value !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
};

/** An image's variants as the media module resolved them, or null. */
function imageOf(
  variants: unknown,
  file: { width: number | null; height: number | null },
): ResponsiveImageData | null {
  const v = variants as { mediaId?: unknown; src?: unknown; srcset?: unknown } | null;
  if (!v || typeof v.src !== "string" || v.src === "") return null;
  const srcset = v.srcset as ResponsiveImageData["srcset"] | undefined;
  return {
    id: typeof v.mediaId === "number" ? v.mediaId : null,
    src: v.src,
    width: file.width,
    height: file.height,
    alt: null,
    srcset: srcset && typeof srcset === "object" ? srcset : null,
    sizes: "(min-width: 48rem) 20rem, 100vw",
  };
}

/**
 * The entry page's data for a staff member of `role`: the entry (every field, its files signed
 * now), its owner's profile with the licence, the status history and the moves open to the
 * role. Null when there is no such entry.
 */
export async function loadEntryReview(
  services: Services,
  entryId: string,
  role: StaffRole,
): Promise<EntryReview | null> {
  const [entry, owner, history, lastRefundedAt] = await Promise.all([
    services.entries.getForStaff(entryId),
    services.registrants.entryOwner(entryId),
    services.entries.statusHistory(entryId),
    services.payments.lastRefundOfEntry(entryId),
  ]);
  if (!entry || !owner) return null;
  // Which of its film and documents judges cannot see (no copy without the metadata could be
  // made yet or ever).
  const copied = entry.files.filter((file) => judgedThroughCopy(file.field));
  const judgeCopies = await services.judgeCopies.statesOf(copied.map((f) => f.storageKey));
  const judgeCopyOf = (key: string): ReviewFile["judgeCopy"] => {
    const copy = judgeCopies.get(key);
    if (!copy) return null;
    return copy.state === "failed" ? copy.problem : copy.state;
  };
  const sign = (key: string, name: string, inline: boolean, contentType?: string) =>
    services.storage.signedUrl(key, {
      ttlSeconds: REVIEW_LINK_SECONDS,
      filename: name,
      disposition: inline ? "inline" : "attachment",
      ...(contentType ? { contentType } : {}),
    });
  const paidMoves = history.filter((item) => item.to === "paid").map((item) => item.at);
  const lastPaidAt = paidMoves.length > 0 ? paidMoves.reduce((a, b) => (a > b ? a : b)) : null;
  const values = entry.values as Record<string, unknown>;
  const credits = (values.credits ?? { companies: [], people: [] }) as EntryReview["credits"];
  const registrant = owner.registrant;
  const licence = registrant?.licence;
  return {
    id: entry.id,
    code: entry.code,
    seasonYear: entry.seasonYear,
    status: entry.status,
    statusVersion: owner.statusVersion,
    changesDueAt: owner.changesDueAt,
    editableUntil: entry.changesRequested?.editableUntil ?? null,
    payment: paymentStateOf(
      entry.status,
      lastPaidAt !== null,
      refundedSincePaid(lastPaidAt, lastRefundedAt),
    ),
    track: entry.track?.name ?? null,
    group: entry.category?.groupName ?? null,
    category: entry.category?.name ?? null,
    brandName: String(values.brandName ?? ""),
    campaignName: String(values.campaignName ?? ""),
    descriptionVi: String(values.descriptionVi ?? ""),
    descriptionEn: String(values.descriptionEn ?? ""),
    period: {
      startMonth: asNumber(values.startMonth),
      startYear: asNumber(values.startYear),
      endMonth: asNumber(values.endMonth),
      endYear: asNumber(values.endYear),
    },
    videoLink: String(values.videoLink ?? ""),
    credits: { companies: credits.companies ?? [], people: credits.people ?? [] },
    createdAt: entry.createdAt,
    submittedAt: entry.submittedAt,
    submittedLate: entry.submittedLate,
    updatedAt: entry.updatedAt,
    withdrawnAt: entry.withdrawnAt,
    files: entry.files.map((file) => ({
      id: file.id,
      field: file.field,
      name: file.name,
      mime: file.mime,
      bytes: file.bytes,
      url: sign(file.storageKey, file.name, file.field === "images" || file.field === "video"),
      image: file.field === "images" ? imageOf(file.variants, file) : null,
      durationSeconds: file.durationSeconds,
      judgeCopy: judgeCopyOf(file.storageKey),
    })),
    registrant: registrant
      ? {
          id: registrant.id,
          type: registrant.type,
          fullName: registrant.fullName,
          companyName: registrant.companyName,
          email: registrant.email,
          emailVerified: registrant.emailVerified,
          phone: registrant.phone,
          address: registrant.address,
          taxCode: registrant.taxCode,
          businessRegistrationNumber: registrant.businessRegistrationNumber,
          licence: licence
            ? {
                mime: licence.mime,
                bytes: licence.bytes,
                url: sign(
                  services.files.objectKey(licence.storageKey),
                  licence.mime === "application/pdf"
                    ? "giay-phep-kinh-doanh.pdf"
                    : "giay-phep-kinh-doanh",
                  licence.mime.startsWith("image/"),
                  licence.mime,
                ),
              }
            : null,
        }
      : null,
    history,
    // A decision taken back is offered only where it can go through (core/entry-status.ts).
    nextStatuses: nextStatusesFor(entry.status, role).filter(
      (to) =>
        !reopensScreening(entry.status, to) || mayReopenScreening(entry.status, entry.judgingBegun),
    ),
  };
}

/**
 * The entries list's query the page was opened from (`?list=…`, else the Referer when it is
 * the list), so "back to the list" returns to the same filter, sort and page. "" for none.
 */
export function listSearchOf(request: Request): string {
  const url = new URL(request.url);
  let raw = url.searchParams.get("list");
  if (raw === null) {
    const referer = request.headers.get("referer");
    try {
      const from = referer ? new URL(referer) : null;
      if (
        from &&
        from.origin === url.origin &&
        /^(\/en)?\/quan-tri\/bai-du-thi\/?$/.test(from.pathname)
      ) {
        raw = from.search;
      }
    } catch {
      raw = null;
    }
  }
  if (!raw || raw.length > 2000) return "";
  const params = new URLSearchParams(raw.startsWith("?") ? raw.slice(1) : raw);
  params.delete("notice");
  return params.toString();
}
