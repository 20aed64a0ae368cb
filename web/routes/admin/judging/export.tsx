import { langOfPath } from "../../../../core/languages";
import { judgingPage, judgingRound } from "../../../features/judging-admin/season.server";
import type { Route } from "./+types/export";

/** `/quan-tri/cham-giai/vong/:id/xuat?kind=scores|ranking&format=csv|xlsx`: the round's export. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { actor } = await judgingPage(request, context);
  const round = await judgingRound(context, params.id);
  const url = new URL(request.url);
  const format = url.searchParams.get("format");
  const kind = url.searchParams.get("kind");
  if ((format !== "csv" && format !== "xlsx") || (kind !== "scores" && kind !== "ranking")) {
    throw new Response("Use kind=scores|ranking and format=csv|xlsx", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const sheet = (await context.services.judging.exportRound(
    actor,
    round.id,
    kind,
    format,
    langOfPath(url.pathname),
  ))!;
  return new Response(new Uint8Array(sheet.body), {
    headers: {
      "content-type": sheet.contentType,
      "content-disposition": `attachment; filename="${sheet.fileName}"`,
      "cache-control": "no-store",
    },
  });
}
