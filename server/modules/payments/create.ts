import { randomBytes, randomUUID } from "node:crypto";
import { localizePath, type Lang } from "../../../core/languages";
import { PATHS } from "../../../core/paths";
import { currentPublicUrl } from "../../public-url";
import { paymentReference, transferMemo } from "../../../core/payment-reference";
import { checkoutSchema, feesChangedSinceQuote } from "../../../core/payments";
import { paymentExpiresAt, vnpayWindowEndsAt } from "../../../core/payment-state";
import { fieldRefusal, refusal, type Outcome } from "../../../core/refusal";
import { totalVnd } from "../../../core/fees";
import type { PaymentsContext } from "./context";
import { entryFees } from "./fees";
import { paymentView } from "./queries";
import { settlePayment } from "./settle";
import type { PaymentView } from "./types";
import { buildVnpayUrl } from "./vnpay";
import { withoutAttentionNote } from "./vnpay-attention";

/** Where VNPay sends the entrant back (the page only shows what the IPN decided). */
export function vnpayReturnUrl(publicUrl: string, lang: Lang): string {
  return `${publicUrl}${localizePath(`${PATHS.payment}/vnpay`, lang)}`;
}

/**
 * Pending payments that hold these entries but whose time is up: expired before a new one (not
 * one whose money VNPay holds for review: its entries stay held).
 */
async function expireLapsed(ctx: PaymentsContext, entryIds: readonly string[]) {
  const lapsed = await ctx.db.kysely
    .selectFrom("payment_entries as pe")
    .innerJoin("payments as p", "p.id", "pe.payment_id")
    .select("p.id")
    .distinct()
    .where("pe.entry_id", "in", [...entryIds])
    .where("pe.live", "=", 1)
    .where("p.state", "=", "pending")
    .where("p.expires_at", "<=", ctx.now())
    .where(withoutAttentionNote)
    .execute();
  for (const row of lapsed) {
    await settlePayment(ctx, row.id, {
      to: "expired",
      actor: { userId: null, kind: "system", role: "system", name: "" },
      reason: "payment window over",
    });
  }
}

function isUniqueViolation(error: unknown): boolean {
  const text = String((error as { message?: unknown })?.message ?? "");
  const code = (error as { code?: unknown })?.code;
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint/i.test(text);
}

/**
 * The entrant pays for some of their submitted entries: the amount is the sum of each
 * entry's fee at this instant (its tier by the season's deadlines) and is fixed with the
 * payment, which expires after the configured hours (a card payment once VNPay can no longer
 * report it, `paymentExpiresAt`). Refused: entries that are not the
 * caller's (404), not submitted, from two seasons, already in a live payment (409, naming
 * it: the database's one-live-payment-per-entry index is the last guard), fees closed, a fee
 * other than the one the page quoted (409), VNPay not configured. For VNPay the answer
 * carries the signed gateway URL.
 */
export async function createPayment(
  ctx: PaymentsContext,
  userId: string,
  input: unknown,
  client: { ip: string; lang: Lang },
): Promise<Outcome<{ payment: PaymentView; redirectUrl: string | null }>> {
  const parsed = checkoutSchema.safeParse(input);
  if (!parsed.success) {
    const fieldErrors: Record<string, string> = {};
    for (const issue of parsed.error.issues) fieldErrors[String(issue.path[0])] ??= issue.message;
    return fieldRefusal(fieldErrors);
  }
  const { entryIds, method } = parsed.data;
  if (method === "vnpay" && !ctx.deps.vnpay) {
    return fieldRefusal({ method: "paymentCore.problems.methodUnavailable" });
  }
  await expireLapsed(ctx, entryIds);
  const now = ctx.clock();
  const fees = await entryFees(ctx.db.kysely, { ownerUserId: userId, entryIds }, now);
  if (fees.length !== entryIds.length) return refusal(404, "paymentCore.problems.entryNotFound");
  const held = fees.find((f) => f.livePayment !== null);
  if (held) return refusal(409, "paymentCore.problems.alreadyInPayment");
  if (fees.some((f) => f.status !== "submitted")) {
    return refusal(409, "paymentCore.problems.notPayable");
  }
  if (new Set(fees.map((f) => f.seasonId)).size !== 1) {
    return refusal(409, "paymentCore.problems.mixedSeasons");
  }
  if (fees.some((f) => f.fee === null)) return refusal(409, "paymentCore.problems.feesClosed");
  // A deadline passed (or the prices changed) since the page showed the fees: the entrant sees
  // the new amounts before paying them.
  const quoted = fees.map((f) => ({ entryId: f.entryId, amountVnd: f.fee!.amountVnd }));
  if (feesChangedSinceQuote(parsed.data.quotes, quoted).length > 0) {
    return refusal(409, "paymentCore.problems.feesChanged");
  }
  const amountVnd = totalVnd(fees.map((f) => f.fee!.amountVnd));
  const { payments: settings } = await ctx.deps.settings.get();
  const createdAt = now.toISOString();
  const expiresAt = paymentExpiresAt(method, now, settings.expiryHours).toISOString();
  const id = randomUUID();
  const season = fees[0]!;

  let reference = "";
  for (let attempt = 0; ; attempt++) {
    reference = paymentReference(season.seasonYear, randomBytes(6));
    const memo = transferMemo(
      reference,
      fees.map((f) => f.code),
    );
    try {
      const made = await ctx.db.kysely.transaction().execute(async (trx) => {
        // The entries again, their rows held: a withdrawal at the same moment has either
        // committed and is seen here, or waits for this payment and is refused because of it.
        // Held in id order, so two payments of overlapping entries wait rather than deadlock.
        let entries = trx
          .selectFrom("entries")
          .select("status")
          .where("id", "in", entryIds)
          .orderBy("id");
        if (ctx.lockRows) entries = entries.forUpdate();
        if ((await entries.execute()).some((e) => e.status !== "submitted")) return false;
        await trx
          .insertInto("payments")
          .values({
            id,
            reference,
            season_id: season.seasonId,
            owner_user_id: userId,
            method,
            state: "pending",
            amount_vnd: amountVnd,
            memo,
            gateway_ref: method === "vnpay" ? reference : null,
            gateway_transaction: null,
            created_at: createdAt,
            expires_at: expiresAt,
            paid_at: null,
            updated_at: createdAt,
          })
          .execute();
        await trx
          .insertInto("payment_entries")
          .values(
            fees.map((f) => ({
              payment_id: id,
              entry_id: f.entryId,
              tier: f.fee!.tier,
              fee_vnd: f.fee!.amountVnd,
            })),
          )
          .execute();
        await trx
          .insertInto("payment_events")
          .values({
            payment_id: id,
            from_state: null,
            to_state: "pending",
            actor_user_id: userId,
            actor_role: "entrant",
            actor_name: "",
            reason: "",
            detail: JSON.stringify({ method, entries: fees.map((f) => f.code) }),
            created_at: createdAt,
          })
          .execute();
        return true;
      });
      if (!made) return refusal(409, "paymentCore.problems.notPayable");
      break;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      // Another payment took one of the entries at the same moment, or (once in a billion)
      // the reference: ask again which.
      const again = await entryFees(ctx.db.kysely, { ownerUserId: userId, entryIds }, now);
      if (again.some((f) => f.livePayment !== null)) {
        return refusal(409, "paymentCore.problems.alreadyInPayment");
      }
      if (attempt >= 3) throw error;
    }
  }
  const payment = (await paymentView(ctx.db.kysely, id))!;
  const redirectUrl =
    method === "vnpay" && ctx.deps.vnpay
      ? buildVnpayUrl(ctx.deps.vnpay, {
          txnRef: reference,
          amountVnd,
          orderInfo: `Thanh toan phi du thi ${reference}`,
          ipAddr: client.ip,
          returnUrl: vnpayReturnUrl(currentPublicUrl(ctx.publicUrl), client.lang),
          createdAt: now,
          expiresAt: vnpayWindowEndsAt(now, new Date(expiresAt)),
          lang: client.lang,
        })
      : null;
  return { ok: true, payment, redirectUrl };
}
