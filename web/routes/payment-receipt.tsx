import { requestMeta, requireEntrant } from "../lib/session.server";
import type { Route } from "./+types/payment-receipt";

/** `/nop-bai-du-thi/thanh-toan/:reference/bien-nhan`: the receipt PDF of the entrant's own paid payment. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const user = await requireEntrant(request, context);
  const { lang } = requestMeta(request, context);
  const receipt = await context.services.payments.receiptPdf(params.reference, lang, user.id);
  if (!receipt) throw new Response("Not found", { status: 404 });
  return new Response(new Uint8Array(receipt.body), {
    headers: {
      "content-type": "application/pdf",
      "content-disposition": `attachment; filename="${receipt.fileName}"`,
      "cache-control": "private, no-store",
    },
  });
}
