import { parseEntryListQuery } from "../../../../core/entry-admin-list";
import { BULK_STATUS_MAX, parseSelectedValue } from "../../../../core/entry-status-change";
import { langOfPath } from "../../../../core/languages";
import { actorOf } from "../../../features/back-office/form.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/export";

/**
 * `/quan-tri/bai-du-thi/xuat?format=csv|xlsx&…`: the entries of the table's filter (every
 * page of it), or only `ids` (the ticked rows, `id` or `id:statusVersion` separated by commas),
 * as a download with headings in the staff member's language.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "entries");
  const url = new URL(request.url);
  const params = url.searchParams;
  const format = params.get("format") === "xlsx" ? "xlsx" : "csv";
  const query = parseEntryListQuery(params);
  const seasonYear =
    query.season ?? (await context.services.seasons.current())?.year ?? new Date().getFullYear();
  const ids = params.has("ids")
    ? (params.get("ids") ?? "")
        .split(",")
        .map((value) => parseSelectedValue(value.includes(":") ? value : `${value}:1`)?.id)
        .filter((id): id is string => Boolean(id))
        .slice(0, BULK_STATUS_MAX)
    : undefined;
  const file = await context.services.entryAdmin.export(actorOf(user, context), {
    query,
    seasonYear,
    lang: langOfPath(url.pathname),
    format,
    ...(ids ? { ids } : {}),
  });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.fileName}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
