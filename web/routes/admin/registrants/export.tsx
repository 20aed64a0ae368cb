import { catalogText } from "../../../../core/i18n/lookup";
import { langOfPath } from "../../../../core/languages";
import {
  formatExportRows,
  parseExportFormat,
  parseRegistrantListQuery,
} from "../../../../core/registrants-admin";
import { actorOf } from "../../../features/back-office/form.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/export";

/**
 * `/quan-tri/thi-sinh/xuat?format=csv|xlsx&…`: the registrants the list's filter and search
 * select (every page, in the list's order) as a download, in the staff member's language. More
 * than one file holds: a message asking for a narrower filter (the list offers no download then).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "registrants");
  const url = new URL(request.url);
  const format = parseExportFormat(url.searchParams.get("format"));
  if (!format) {
    throw new Response("Unknown format: use csv or xlsx", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const lang = langOfPath(url.pathname);
  const sheet = await context.services.registrants.export(
    actorOf(user, context),
    parseRegistrantListQuery(url.searchParams),
    format,
    lang,
  );
  if (!sheet.ok) {
    const message = (catalogText(lang, sheet.formError!) ?? sheet.formError!).replace(
      "{{max}}",
      formatExportRows(sheet.maxRows, lang),
    );
    throw new Response(message, {
      status: sheet.status,
      headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
    });
  }
  return new Response(new Uint8Array(sheet.body), {
    headers: {
      "content-type": sheet.contentType,
      "content-disposition": `attachment; filename="${sheet.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
