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
import {
  SchemaForm,
  type FormFieldSpec,
  type FormResult,
  type SelectOption,
} from "../../components/form/schema-form";
import { useLocalizedPath } from "../../lib/site";
import { SEASONS_PATH } from "./paths";

export type TreeNode = AdminTrack | AdminGroup | AdminCategory;

/**
 * The fields of each kind of node, in form order (vi/en pairs side by side). An edited group or
 * category starts with where it is filed (`parents`: the season's tracks, or its groups under
 * their tracks), so it can be moved there.
 */
function fieldsOf(
  kind: TreeNodeKind,
  t: TFunction,
  parents: SelectOption[] | null,
): FormFieldSpec[] {
  const f = (name: string, extra: Partial<FormFieldSpec> = {}): FormFieldSpec => ({
    name,
    label: t(`adminPlatform.fields.${name}`),
    ...extra,
  });
  const parent =
    parents && kind !== "track"
      ? [
          f("parentId", {
            kind: "select",
            label: t(`adminPlatform.fields.${kind === "category" ? "group" : "track"}`),
            hint: t(`adminPlatform.fields.${kind === "category" ? "groupHint" : "trackHint"}`),
            options: parents,
            required: true,
          }),
        ]
      : [];
  const common = [
    ...parent,
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

/** The form's starting values: the node's (and where it is), or a new category open to everyone. */
function defaultsOf(
  kind: TreeNodeKind,
  node: TreeNode | null,
  parentId: number | null,
): Record<string, string | boolean> {
  if (!node)
    return kind === "category" ? { allowIndividual: true, allowEnterprise: true, feeVnd: "" } : {};
  const names = {
    nameVi: node.nameVi,
    nameEn: node.nameEn,
    slug: node.slug,
    ...(parentId !== null ? { parentId: String(parentId) } : {}),
  };
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

/**
 * Creates a node under `parentId` (a track under the season) or edits `node`, which `parents`
 * (the places a node of its kind can be filed in this season) lets move elsewhere.
 */
export function NodeEditor({
  kind,
  mode,
  year,
  parentId,
  node,
  parents = null,
  result,
}: {
  kind: TreeNodeKind;
  mode: "create" | "update";
  year: number;
  parentId: number | null;
  node: TreeNode | null;
  parents?: SelectOption[] | null;
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
          // An edit says where the node goes in its own select.
          ...(parentId !== null && mode === "create" ? { parentId: String(parentId) } : {}),
        }}
        defaults={defaultsOf(kind, node, parentId)}
        result={result}
        fields={fieldsOf(kind, t, mode === "update" ? parents : null)}
        submitLabel={t(mode === "create" ? "adminPlatform.create" : "adminPlatform.save")}
      >
        <Link className="button button--secondary" to={to(`${SEASONS_PATH}?year=${year}`)}>
          {t("adminPlatform.cancel")}
        </Link>
      </SchemaForm>
    </div>
  );
}
