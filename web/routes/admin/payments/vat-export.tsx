import { langOfPath } from "../../../../core/languages";
import { VAT_REQUEST_STATES, type VatRequestState } from "../../../../core/vat-invoice";
import { actorOf } from "../../../features/back-office/form.server";
import { requireStaff } from "../../../lib/session.server";
import type { Route } from "./+types/vat-export";

/** `/quan-tri/thanh-toan/hoa-don-vat/xuat?format=csv|xlsx`: the VAT requests the filter selects. */
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
  const state = url.searchParams.get("state");
  const sheet = await context.services.payments.exportVat(
    actorOf(user, context),
    {
      state: (VAT_REQUEST_STATES as readonly string[]).includes(state ?? "")
        ? (state as VatRequestState)
        : undefined,
      q: (url.searchParams.get("q") ?? "").slice(0, 100) || undefined,
    },
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
