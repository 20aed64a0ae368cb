import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import { formatVnd } from "../../../core/dates";
import type { Lang } from "../../../core/languages";
import type { PaymentMethod } from "../../../core/payment-state";
import { checkoutSchema, feeQuote } from "../../../core/payments";
import { FormAlert } from "../../components/form/field";
import { feeHoldsUntilText } from "../../lib/fee-holds";

export interface PayableEntry {
  entryId: string;
  code: string | null;
  title: string;
  category: string | null;
  fee: {
    tier: "early_bird" | "standard" | "late";
    amountVnd: number;
    holdsUntil: string | null;
  } | null;
}

/**
 * The checkout: a checkbox per payable entry with its fee and tier, the running total, the
 * method. The core schema checks the choice in the browser before the server checks it again.
 */
export function CheckoutForm({
  entries,
  methods,
  lang,
  errors,
  formError,
  chosen,
}: {
  entries: PayableEntry[];
  methods: PaymentMethod[];
  lang: Lang;
  errors: Record<string, string>;
  formError: string | undefined;
  chosen: { entryIds: string[]; method: string };
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [selected, setSelected] = useState<Set<string>>(
    () => new Set(chosen.entryIds.length > 0 ? chosen.entryIds : entries.map((e) => e.entryId)),
  );
  const [method, setMethod] = useState(chosen.method || methods[0] || "vietqr");
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const shown = { ...errors, ...clientErrors };
  const total = entries
    .filter((e) => selected.has(e.entryId) && e.fee)
    .reduce((sum, e) => sum + e.fee!.amountVnd, 0);
  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Form
      method="post"
      noValidate
      onSubmit={(event) => {
        const parsed = checkoutSchema.safeParse({ entryIds: [...selected], method });
        if (parsed.success) return setClientErrors({});
        event.preventDefault();
        const found: Record<string, string> = {};
        for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
        setClientErrors(found);
      }}
    >
      <FormAlert message={formError ? t(formError) : undefined} />
      <div className="table-scroll">
        <table className="pay-table">
          <caption className="visually-hidden">{t("payment.payable")}</caption>
          <thead>
            <tr>
              <th scope="col" className="pay-select">
                <input
                  type="checkbox"
                  aria-label={t("payment.selectAll")}
                  checked={selected.size === entries.length}
                  onChange={(e) =>
                    setSelected(new Set(e.target.checked ? entries.map((x) => x.entryId) : []))
                  }
                />
              </th>
              <th scope="col" className="pay-code">
                {t("payment.columns.code")}
              </th>
              <th scope="col">{t("payment.columns.title")}</th>
              <th scope="col">{t("payment.columns.category")}</th>
              <th scope="col">{t("payment.columns.tier")}</th>
              <th scope="col" className="pay-amount">
                {t("payment.columns.fee")}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.entryId}>
                <td className="pay-select">
                  <input
                    type="checkbox"
                    name="entryIds"
                    value={entry.entryId}
                    checked={selected.has(entry.entryId)}
                    onChange={(e) => toggle(entry.entryId, e.target.checked)}
                    aria-label={t("payment.select", { code: entry.code ?? entry.title })}
                  />
                </td>
                <td className="pay-code">{entry.code}</td>
                <td>{entry.title}</td>
                <td>{entry.category ?? ""}</td>
                <td>
                  {entry.fee ? t(`payment.tier.${entry.fee.tier}`) : ""}
                  {entry.fee?.holdsUntil ? (
                    <>
                      <br />
                      <small>{feeHoldsUntilText(t, entry.fee.holdsUntil, lang)}</small>
                    </>
                  ) : null}
                </td>
                <td className="pay-amount">
                  {entry.fee ? formatVnd(entry.fee.amountVnd, lang) : ""}
                  {entry.fee ? (
                    // The fee as shown: the server refuses to charge another one.
                    <input
                      type="hidden"
                      name="quotes"
                      value={feeQuote(entry.entryId, entry.fee.amountVnd)}
                    />
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {shown.entryIds ? (
        <p className="field__error" role="alert" id="entryIds-error">
          {t(shown.entryIds)}
        </p>
      ) : null}
      <p className="pay-total" aria-live="polite">
        <span>
          {t("payment.total")} · {t("payment.selectedCount", { count: selected.size })}
        </span>
        <span data-testid="checkout-total">{formatVnd(total, lang)}</span>
      </p>
      <fieldset
        className="pay-methods"
        aria-describedby={shown.method ? "method-error" : undefined}
      >
        <legend>{t("payment.method")}</legend>
        {methods.map((m) => (
          <label key={m} className="pay-method">
            <input
              type="radio"
              name="method"
              value={m}
              checked={method === m}
              onChange={() => setMethod(m)}
            />
            <span>
              {t(`payment.methods.${m}`)}
              <small>{t(`payment.methodHints.${m}`)}</small>
            </span>
          </label>
        ))}
      </fieldset>
      {shown.method ? (
        <p className="field__error" role="alert" id="method-error">
          {t(shown.method)}
        </p>
      ) : null}
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? t("payment.submitting") : t("payment.submit")}
      </button>
    </Form>
  );
}
