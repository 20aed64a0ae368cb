import { useEffect, useId, useState, type ReactNode } from "react";
import { Form } from "react-router";
import type { z } from "zod";
import { PAYMENT_REASON_MAX } from "../../../core/payments";
import { firstIssueByField } from "../../../core/refusal";
import { Field, FormAlert } from "../../components/form/field";
import type { FormResult } from "../../components/form/schema-form";
import { ConfirmButton } from "../back-office/confirm";
import { useTranslation } from "../../i18n/use-translation";

/**
 * A staff action on a payment that needs a reason (a refund, releasing a held card payment,
 * closing a note about VNPay money): the reason is checked in the browser with the server's
 * core schema before the page's dialog asks, and a refusal of either shows at the field, in
 * the page's language, with what was typed kept; the server's refusal (also of a form sent
 * before the page's script ran) focuses the field too. Key it by the refusal, so a new one
 * mounts it anew.
 */
export function ReasonMoveForm({
  intent,
  schema,
  stateVersion,
  refused,
  busy,
  title,
  lead,
  notice,
  reasonLabel,
  reasonHint,
  submit,
  ask,
  testId,
}: {
  intent: string;
  schema: z.ZodType;
  stateVersion: number;
  refused: FormResult | undefined;
  busy: boolean;
  title: string;
  lead: string;
  /** A warning between the lead and the field (what a refund means for a VAT invoice). */
  notice?: ReactNode;
  reasonLabel: string;
  reasonHint?: string | undefined;
  submit: string;
  /** The dialog's question. */
  ask: string;
  testId?: string | undefined;
}) {
  const { t } = useTranslation();
  const failed = refused && !refused.ok ? refused : undefined;
  const [checked, setChecked] = useState<Record<string, string> | null>(null);
  const errors = checked ?? failed?.fieldErrors ?? {};
  const reasonId = useId();
  const check = (button: HTMLButtonElement) => {
    if (!button.form) return true;
    const parsed = schema.safeParse(Object.fromEntries(new FormData(button.form)));
    const found = parsed.success ? {} : firstIssueByField(parsed.error.issues);
    setChecked(parsed.success ? null : found);
    if (found.reason) document.getElementById(reasonId)?.focus();
    return parsed.success;
  };
  // Once per refusal: the form is keyed by the answer, so a new refusal mounts it anew.
  useEffect(() => {
    if (failed?.fieldErrors?.reason) document.getElementById(reasonId)?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return (
    <Form method="post" className="panel" noValidate data-testid={testId}>
      <h2>{title}</h2>
      <p>{lead}</p>
      {notice}
      <FormAlert
        message={
          failed?.formError && !Object.values(failed.fieldErrors ?? {}).includes(failed.formError)
            ? t(failed.formError)
            : undefined
        }
      />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="stateVersion" value={stateVersion} />
      <Field label={reasonLabel} hint={reasonHint} error={errors.reason} id={reasonId} required>
        {(control) => (
          <input
            {...control}
            name="reason"
            maxLength={PAYMENT_REASON_MAX}
            defaultValue={failed?.values?.reason ?? ""}
          />
        )}
      </Field>
      <ConfirmButton
        className="button button--secondary"
        disabled={busy}
        check={check}
        message={ask}
      >
        {submit}
      </ConfirmButton>
    </Form>
  );
}
