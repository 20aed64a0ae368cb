import { stripLangPrefix } from "../../core/languages";

/**
 * The parts of the site whose texts travel to the browser separately: every page loads the
 * public texts, and a page of the entrant's account, the judge portal or the back office loads
 * its own area's texts as well (the back office also those of the account and the portal it
 * shows to staff). The split is by top-level namespace of the catalogue.
 */
export const MESSAGE_AREAS = ["public", "account", "judge", "back-office"] as const;
export type MessageArea = (typeof MESSAGE_AREAS)[number];

/** Namespaces only the server reads (emails, receipts): never sent to a browser. */
export const SERVER_ONLY_NAMESPACES: ReadonlySet<string> = new Set(["email", "paymentReceipt"]);

/**
 * Namespaces that belong to one area; every other namespace is public. A namespace read by
 * pages of two areas stays public (`message-areas.test.ts` checks every route's texts).
 */
const AREA_NAMESPACES: Record<Exclude<MessageArea, "public">, readonly string[]> = {
  account: ["entryForm", "payment"],
  judge: ["judging"],
  "back-office": [
    "adminKit",
    "adminContent",
    "adminNews",
    "adminPlatform",
    "adminDashboard",
    "editor",
    "mediaLibrary",
    "entryAdmin",
    "entryReview",
    "registrantsAdmin",
    "paymentAdmin",
    "judgingAdmin",
  ],
};

const AREA_OF_NAMESPACE = new Map<string, MessageArea>(
  Object.entries(AREA_NAMESPACES).flatMap(([area, namespaces]) =>
    namespaces.map((namespace) => [namespace, area as MessageArea] as const),
  ),
);

/** The area a namespace's texts travel with (server-only namespaces: none). */
export function areaOfNamespace(namespace: string): MessageArea | null {
  if (SERVER_ONLY_NAMESPACES.has(namespace)) return null;
  return AREA_OF_NAMESPACE.get(namespace) ?? "public";
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The area of a page, by its address (either language). */
export function messageAreaOf(pathname: string): MessageArea {
  const path = stripLangPrefix(pathname);
  if (under(path, "/quan-tri")) return "back-office";
  if (under(path, "/giam-khao")) return "judge";
  if (under(path, "/tai-khoan") || under(path, "/nop-bai-du-thi")) return "account";
  return "public";
}

/** The areas whose texts a page of `area` loads, public first. */
export function areasLoadedBy(area: MessageArea): readonly MessageArea[] {
  switch (area) {
    case "public":
      return ["public"];
    case "back-office":
      return MESSAGE_AREAS;
    default:
      return ["public", area];
  }
}
