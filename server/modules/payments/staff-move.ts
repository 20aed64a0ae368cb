import { fieldRefusal, refusal, type Outcome, type Refusal } from "../../../core/refusal";
import { canOpenSection } from "../../../core/roles";
import type { StatusActor } from "../entries/change-status";
import type { PaymentsContext } from "./context";
import { paymentView } from "./queries";
import { settlePayment } from "./settle";
import type { PaymentView, SettleRequest, SettleResult } from "./types";

/** A staff member acting on payments: who (audit, events) and their role. */
export type StaffActor = StatusActor;

export const REFUSED: Record<Extract<SettleResult, { ok: false }>["reason"], Refusal> = {
  notFound: {
    ok: false,
    status: 404,
    code: "notFound",
    formError: "paymentCore.problems.notFound",
  },
  notAllowed: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "paymentCore.problems.stateNotAllowed",
  },
  conflict: {
    ok: false,
    status: 409,
    code: "conflict",
    formError: "paymentCore.problems.conflict",
  },
  amountMismatch: {
    ok: false,
    status: 409,
    code: "notAllowed",
    formError: "paymentCore.problems.amountMismatch",
  },
};

/**
 * Only the roles of the payments section move payments or close their notes; the pages check
 * it too, the operation holds whoever calls it to it.
 */
export function refusedUnlessFinance(actor: StaffActor): Refusal | null {
  return canOpenSection(actor.role, "payments")
    ? null
    : refusal(403, "paymentAdmin.problems.notFinance");
}

/** Field refusals from a zod error: the first message per field. */
export function issuesToRefusal(issues: readonly { path: PropertyKey[]; message: string }[]) {
  const fieldErrors: Record<string, string> = {};
  for (const issue of issues) fieldErrors[String(issue.path[0] ?? "form")] ??= issue.message;
  return fieldRefusal(fieldErrors);
}

/** A staff move of a payment through settlePayment, with its audit entry. */
export async function staffMove(
  ctx: PaymentsContext,
  actor: StaffActor,
  id: string,
  req: Omit<SettleRequest, "actor">,
  action: "payment.confirm" | "payment.refund" | "payment.release",
): Promise<Outcome<{ payment: PaymentView }>> {
  const forbidden = refusedUnlessFinance(actor);
  if (forbidden) return forbidden;
  if (typeof id !== "string" || id.length > 64) return { ...REFUSED.notFound };
  const before = await paymentView(ctx.db.kysely, id);
  if (!before) return { ...REFUSED.notFound };
  const result = await settlePayment(ctx, id, {
    ...req,
    actor: { userId: actor.id, kind: "staff", role: actor.role, name: actor.name },
  });
  if (!result.ok) return { ...REFUSED[result.reason] };
  // The same state already (another staff member did it first) is a conflict for a person.
  if (!result.changed) return { ...REFUSED.conflict };
  await ctx.deps.audit?.record(
    actor,
    action,
    { type: "payment", id },
    { reference: before.reference, amountVnd: before.amountVnd, reason: req.reason ?? "" },
  );
  return { ok: true, payment: (await paymentView(ctx.db.kysely, id))! };
}
