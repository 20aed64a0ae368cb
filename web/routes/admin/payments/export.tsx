import { langOfPath } from "../../../../core/languages";
import { parsePaymentListQuery } from "../../../../core/payments";
import { actorOf } from "../../../features/back-office/form.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/export";

/** `/quan-tri/thanh-toan/xuat?format=csv|xlsx&…`: the payments the filter selects, every page. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireStaff(request, context, "payments");
  const url = new URL(request.url);
  const format = url.searchParams.get("format");
  if (format !== "csv" && format !== "xlsx") {
    throw new Response("Unknown format: use csv or xlsx", {
      status: 400,
      headers: { "content-type": "text/plain; charset=utf-8" },
    });
  }
  const sheet = await context.services.payments.export(
    actorOf(user, context),
    parsePaymentListQuery(url.searchParams),
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
