import type { TFunction } from "i18next";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import {
  TREE_NODE_SCHEMAS,
  type AdminCategory,
  type AdminGroup,
  type AdminTrack,
  type TreeNodeKind,
} from "../../../core/season-admin";
import { SchemaForm, type FormFieldSpec, type FormResult } from "../../components/form/schema-form";
import { useLocalizedPath } from "../../lib/site";
import { SEASONS_PATH } from "./paths";

export type TreeNode = AdminTrack | AdminGroup | AdminCategory;

/** The fields of each kind of node, in form order (vi/en pairs side by side). */
function fieldsOf(kind: TreeNodeKind, t: TFunction): FormFieldSpec[] {
  const f = (name: string, extra: Partial<FormFieldSpec> = {}): FormFieldSpec => ({
    name,
    label: t(`adminPlatform.fields.${name}`),
    ...extra,
  });
  const common = [
    f("nameVi", { required: true, row: "name" }),
    f("nameEn", { row: "name" }),
    f("slug", { required: true, hint: t("adminPlatform.fields.slugHint"), row: "ids" }),
  ];
  if (kind === "group") return common;
  const code = f("code", { required: true, row: "ids" });
  if (kind === "track") {
    return [
      ...common,
      code,
      f("taglineVi", { kind: "textarea", row: "tagline" }),
      f("taglineEn", { kind: "textarea", row: "tagline" }),
    ];
  }
  const optionalFee = (name: string) =>
    f(name, { inputMode: "numeric", hint: t("adminPlatform.fields.optionalFeeHint"), row: "fees" });
  return [
    ...common,
    code,
    f("descriptionVi", { kind: "textarea", row: "description" }),
    f("descriptionEn", { kind: "textarea", row: "description" }),
    f("feeVnd", {
      required: true,
      inputMode: "numeric",
      hint: t("adminPlatform.fields.feeHint"),
      row: "fees",
    }),
    optionalFee("earlyBirdFeeVnd"),
    optionalFee("lateFeeVnd"),
    f("videoRequired", { kind: "checkbox" }),
    f("allowIndividual", { kind: "checkbox" }),
    f("allowEnterprise", { kind: "checkbox" }),
  ];
}

/** The form's starting values: the node's, or a new category open to everyone. */
function defaultsOf(kind: TreeNodeKind, node: TreeNode | null): Record<string, string | boolean> {
  if (!node)
    return kind === "category" ? { allowIndividual: true, allowEnterprise: true, feeVnd: "" } : {};
  const names = { nameVi: node.nameVi, nameEn: node.nameEn, slug: node.slug };
  if (kind === "group") return names;
  if (kind === "track") {
    const n = node as AdminTrack;
    return { ...names, code: n.code, taglineVi: n.taglineVi, taglineEn: n.taglineEn };
  }
  const n = node as AdminCategory;
  const fee = (value: number | null) => (value === null ? "" : String(value));
  return {
    ...names,
    code: n.code,
    descriptionVi: n.descriptionVi,
    descriptionEn: n.descriptionEn,
    feeVnd: String(n.feeVnd),
    earlyBirdFeeVnd: fee(n.earlyBirdFeeVnd),
    lateFeeVnd: fee(n.lateFeeVnd),
    videoRequired: n.videoRequired,
    allowIndividual: n.allowIndividual,
    allowEnterprise: n.allowEnterprise,
  };
}

/** Creates a node under `parentId` (a track under the season) or edits `node`. */
export function NodeEditor({
  kind,
  mode,
  year,
  parentId,
  node,
  result,
}: {
  kind: TreeNodeKind;
  mode: "create" | "update";
  year: number;
  parentId: number | null;
  node: TreeNode | null;
  result: FormResult | undefined;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const formKey = `tree:${kind}:${mode}:${node?.id ?? parentId ?? year}`;
  return (
    <div className="panel" id="editor">
      <SchemaForm
        wide
        schema={TREE_NODE_SCHEMAS[kind] as never}
        formKey={formKey}
        intent={mode}
        legend={t(`adminPlatform.tree.${mode}Legend`, {
          kind: t(`adminPlatform.tree.kinds.${kind}`),
        })}
        hidden={{
          kind,
          year: String(year),
          ...(node ? { id: String(node.id) } : {}),
          ...(parentId !== null ? { parentId: String(parentId) } : {}),
        }}
        defaults={defaultsOf(kind, node)}
        result={result}
        fields={fieldsOf(kind, t)}
        submitLabel={t(mode === "create" ? "adminPlatform.create" : "adminPlatform.save")}
      >
        <Link className="button button--secondary" to={to(`${SEASONS_PATH}?year=${year}`)}>
          {t("adminPlatform.cancel")}
        </Link>
      </SchemaForm>
    </div>
  );
}
