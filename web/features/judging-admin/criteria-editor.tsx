import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, useNavigation } from "react-router";
import type { Criterion } from "../../../core/judging-criteria";
import { criteriaFormSchema } from "../../../core/judging-rounds";
import { FormAlert } from "../../components/form/field";

type Row = { key: string; vi: string; en: string; weight: string; min: string; max: string };

const toRows = (criteria: Criterion[]): Row[] =>
  criteria.map((c) => ({
    key: c.key,
    vi: c.name.vi,
    en: c.name.en,
    weight: String(c.weight),
    min: String(c.min),
    max: String(c.max),
  }));

const toJson = (rows: Row[]) =>
  JSON.stringify(
    rows.map((r) => ({
      key: r.key,
      name: { vi: r.vi, en: r.en },
      weight: Number(r.weight),
      min: Number(r.min),
      max: Number(r.max),
    })),
  );

/**
 * A draft round's criteria as an editable table: names in both languages, weight and scale;
 * rows added and removed. Posted as one JSON field, checked first in the browser with the
 * same core schema the server uses. Read-only once the round has opened.
 */
export function CriteriaEditor({
  criteria,
  editable,
  serverError,
}: {
  criteria: Criterion[];
  editable: boolean;
  serverError?: string | undefined;
}) {
  const { t } = useTranslation();
  const busy = useNavigation().state === "submitting";
  const [rows, setRows] = useState<Row[]>(() => toRows(criteria));
  const [error, setError] = useState<string | undefined>(undefined);
  const set = (i: number, field: keyof Row, value: string) =>
    setRows((list) => list.map((r, j) => (j === i ? { ...r, [field]: value } : r)));
  const cell = (i: number, field: keyof Row, label: string, type = "text") => (
    <input
      aria-label={`${label} ${i + 1}`}
      type={type}
      value={rows[i]![field]}
      readOnly={!editable}
      onChange={(event) => set(i, field, event.currentTarget.value)}
      className={type === "number" ? "judge-sheet__score" : "criteria-editor__text"}
    />
  );
  return (
    <Form
      method="post"
      className="form form--full"
      onSubmit={(event) => {
        const parsed = criteriaFormSchema.safeParse({ criteria: toJson(rows) });
        if (!parsed.success) {
          event.preventDefault();
          setError(parsed.error.issues[0]?.message ?? "judging.validation.criteria");
        } else setError(undefined);
      }}
    >
      <FormAlert message={error ? t(error) : serverError ? t(serverError) : undefined} />
      <input type="hidden" name="intent" value="criteria" />
      <input type="hidden" name="criteria" value={toJson(rows)} />
      <div className="table-scroll">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">{t("judgingAdmin.round.criterionKey")}</th>
              <th scope="col">{t("judgingAdmin.round.criterionNameVi")}</th>
              <th scope="col">{t("judgingAdmin.round.criterionNameEn")}</th>
              <th scope="col">{t("judgingAdmin.round.weight")}</th>
              <th scope="col">{t("judgingAdmin.round.min")}</th>
              <th scope="col">{t("judgingAdmin.round.max")}</th>
              {editable ? (
                <th scope="col">
                  <span className="visually-hidden">
                    {t("judgingAdmin.round.removeCriterion", { n: "" })}
                  </span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {rows.map((_, i) => (
              <tr key={i}>
                <td>{cell(i, "key", t("judgingAdmin.round.criterionKey"))}</td>
                <td>{cell(i, "vi", t("judgingAdmin.round.criterionNameVi"))}</td>
                <td>{cell(i, "en", t("judgingAdmin.round.criterionNameEn"))}</td>
                <td>{cell(i, "weight", t("judgingAdmin.round.weight"), "number")}</td>
                <td>{cell(i, "min", t("judgingAdmin.round.min"), "number")}</td>
                <td>{cell(i, "max", t("judgingAdmin.round.max"), "number")}</td>
                {editable ? (
                  <td>
                    <button
                      type="button"
                      className="button button--secondary button--small"
                      onClick={() => setRows((list) => list.filter((__, j) => j !== i))}
                    >
                      {t("judgingAdmin.round.removeCriterion", { n: i + 1 })}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {editable ? (
        <p className="judge-sheet__actions">
          <button
            type="button"
            className="button button--secondary"
            onClick={() =>
              setRows((list) => [
                ...list,
                {
                  key: `criterion${list.length + 1}`,
                  vi: "",
                  en: "",
                  weight: "1",
                  min: "1",
                  max: "10",
                },
              ])
            }
          >
            {t("judgingAdmin.round.addCriterion")}
          </button>
          <button type="submit" className="button button--primary" disabled={busy}>
            {t("judgingAdmin.round.saveCriteria")}
          </button>
        </p>
      ) : (
        <p className="tree-node__meta">{t("judgingAdmin.round.criteriaFixed")}</p>
      )}
    </Form>
  );
}
