import { langOfPath } from "../../../../core/languages";
import { parseExportFormat, parseRegistrantListQuery } from "../../../../core/registrants-admin";
import { actorOf } from "../../../features/back-office/form.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/export";

/**
 * `/quan-tri/thi-sinh/xuat?format=csv|xlsx&…`: the registrants the list's filter and search
 * select (every page, in the list's order) as a download, in the staff member's language.
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
  const sheet = await context.services.registrants.export(
    actorOf(user, context),
    parseRegistrantListQuery(url.searchParams),
    format,
    langOfPath(url.pathname),
  );
  return new Response(new Uint8Array(sheet.body), {
    headers: {
      "content-type": sheet.contentType,
      "content-disposition": `attachment; filename="${sheet.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
