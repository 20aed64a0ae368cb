import type vi from "../../../core/i18n/vi.json";
import type { EmailTemplate } from "./templates";

type EmailTexts = typeof vi.email;

/**
 * The facts listed under an email's introduction (an entry's code, a payment's amount …);
 * `entries` are a refunded payment's, one line each.
 */
export function detailLines(
  template: EmailTemplate,
  email: EmailTexts,
  vars: Record<string, string>,
  entries: readonly { code: string; title: string; status: string }[] = [],
): { label: string; value: string }[] {
  if (template === "paymentConfirmed") {
    const paid = email.paymentConfirmed;
    return [
      { label: paid.referenceLabel, value: vars.reference ?? "" },
      { label: paid.amountLabel, value: vars.amount ?? "" },
      { label: paid.entriesLabel, value: vars.entryCodes ?? "" },
      { label: paid.paidAtLabel, value: vars.paidAt ?? "" },
    ].filter((line) => line.value !== "");
  }
  if (template === "paymentRefunded") {
    const refunded = email.paymentRefunded;
    return [
      { label: refunded.referenceLabel, value: vars.reference ?? "" },
      { label: refunded.amountLabel, value: vars.amount ?? "" },
      { label: refunded.refundedAtLabel, value: vars.refundedAt ?? "" },
      ...entries.map((entry) => ({
        label: refunded.entryLabel,
        value: `${entry.title ? `${entry.code} “${entry.title}”` : entry.code} — ${entry.status}`,
      })),
    ].filter((line) => line.value !== "");
  }
  if (template === "entryFileNotJudgeable") {
    const texts = email.entryFileNotJudgeable;
    return [
      { label: texts.codeLabel, value: vars.code ?? "" },
      { label: texts.titleLabel, value: vars.title ?? "" },
      { label: texts.fieldLabel, value: vars.field ?? "" },
      { label: texts.fileLabel, value: vars.fileName ?? "" },
    ].filter((line) => line.value !== "");
  }
  if (template === "judgeCode") {
    return [
      { label: email.judgeCode.codeLabel, value: vars.judgeCode ?? "" },
      { label: email.judgeCode.seasonLabel, value: vars.season ?? "" },
    ].filter((line) => line.value !== "");
  }
  if (template !== "entryReceipt") return [];
  const texts = email.entryReceipt;
  return [
    { label: texts.codeLabel, value: vars.code ?? "" },
    { label: texts.titleLabel, value: vars.title ?? "" },
    { label: texts.categoryLabel, value: vars.category ?? "" },
    { label: texts.submittedAtLabel, value: vars.submittedAt ?? "" },
  ].filter((line) => line.value !== "");
}
