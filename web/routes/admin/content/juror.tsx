import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "../../../i18n/use-translation";
import {
  juryMemberSchema,
  type JuryMemberFormValues,
  type JuryMemberInput,
} from "../../../../core/content-admin";
import { CheckboxField, TextAreaField, TextField } from "../../../components/form/field";
import { requireContentEditor } from "../../../features/content-editing/guard.server";
import {
  useYearItemForm,
  YearItemEditor,
  yearItemDraftKey,
} from "../../../features/content-editing/year-item-editor";
import {
  defineLocalDraft,
  keepDraftUntilSaved,
} from "../../../features/content-editing/local-draft";
import { loadYearItem, saveYearItem } from "../../../features/content-editing/year-item.server";
import "../../../features/content-editing/content-editing.css";
import { pageMeta } from "../../../lib/meta";
import type { Route } from "./+types/juror";

const LIST = "/quan-tri/noi-dung/chuyen-gia";

/** A juror's draft in this browser (`vx-juror-draft:<id|new>`); the photo as the form holds it. */
const JUROR_DRAFT = defineLocalDraft({
  namespace: "juror",
  fields: [
    "year",
    "name",
    "titleVi",
    "titleEn",
    "organisation",
    "bioVi",
    "bioEn",
    "photo",
    "photoMediaId",
    "isChair",
    "sortOrder",
  ],
});

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.jury.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/chuyen-gia/moi?year=` (new) or `/…/chuyen-gia/<id>` (edit). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const years = await contentAdmin.years("jury");
  const { item, values } = await loadYearItem(request, params.id, years, contentAdmin.juryGet, {
    blank: { isChair: false },
    valuesOf: (member) => ({
      year: String(member.year),
      name: member.name,
      titleVi: member.titleVi,
      titleEn: member.titleEn,
      organisation: member.organisation,
      bioVi: member.bioVi,
      bioEn: member.bioEn,
      photo: member.photo ?? "",
      photoMediaId: member.photoMediaId === null ? "" : String(member.photoMediaId),
      isChair: member.isChair,
      sortOrder: String(member.sortOrder),
    }),
  });
  return { id: item?.id ?? null, years, name: item?.name ?? "", values };
}

export async function action(args: Route.ActionArgs) {
  const { contentAdmin } = args.context.services;
  return saveYearItem(args, juryMemberSchema, contentAdmin.saveJuror, (s) => s.juror.year, LIST);
}

/**
 * A form of this page that goes unanswered leaves the page as it was, with what was typed; a
 * save that went through (back to the list, not to the sign-in form) ends the draft.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepDraftUntilSaved(args, {
    spec: JUROR_DRAFT,
    key: yearItemDraftKey(args.params.id),
    savedInto: LIST,
  });

export default function AdminJurorPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const editor = useYearItemForm<JuryMemberFormValues, JuryMemberInput>(
    zodResolver(juryMemberSchema),
    loaderData.values,
    { spec: JUROR_DRAFT, id: loaderData.id },
  );
  const { field, initial } = editor;
  const heading =
    loaderData.id === null
      ? t("adminContent.jury.new", { year: editor.year })
      : t("adminContent.jury.edit", { name: loaderData.name });
  const label = (name: string) => t(`adminContent.jury.fields.${name}`);

  return (
    <YearItemEditor
      editor={editor}
      heading={heading}
      section={{ keys: "adminContent.jury", path: LIST }}
      years={loaderData.years}
      image={{ label: label("photo"), purpose: "jury", path: "photo", mediaId: "photoMediaId" }}
      afterImage={
        <CheckboxField
          label={label("isChair")}
          defaultChecked={initial.isChair === true || initial.isChair === "on"}
          registration={field("isChair").registration}
        />
      }
    >
      <TextField label={label("name")} required autoComplete="off" {...field("name")} />
      <TextField label={label("organisation")} {...field("organisation")} />
      <p className="field__hint">{label("englishHint")}</p>
      <div className="content-admin-columns">
        <TextField label={label("titleVi")} lang="vi" {...field("titleVi")} />
        <TextField label={label("titleEn")} lang="en" {...field("titleEn")} />
        <TextAreaField label={label("bioVi")} lang="vi" {...field("bioVi")} />
        <TextAreaField label={label("bioEn")} lang="en" {...field("bioEn")} />
      </div>
    </YearItemEditor>
  );
}
