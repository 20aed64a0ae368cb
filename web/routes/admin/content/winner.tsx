import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslation } from "../../../i18n/use-translation";
import { pickLang } from "../../../../core/languages";
import {
  WINNER_PRIZES,
  winnerSchema,
  type WinnerFormValues,
  type WinnerInput,
} from "../../../../core/content-admin";
import { VIDEO_LINK_MAX_LENGTH } from "../../../../core/video-link";
import { SelectField, TextField } from "../../../components/form/field";
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
import { useLang } from "../../../lib/site";
import type { Route } from "./+types/winner";

const LIST = "/quan-tri/noi-dung/thang-giai";

/** A winner's draft in this browser (`vx-winner-draft:<id|new>`); the image as the form holds it. */
const WINNER_DRAFT = defineLocalDraft({
  namespace: "winner",
  fields: [
    "year",
    "entryRef",
    "title",
    "brand",
    "agency",
    "categoryId",
    "categoryLabelVi",
    "categoryLabelEn",
    "prize",
    "image",
    "imageMediaId",
    "videoUrl",
    "sortOrder",
  ],
});

export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "adminContent.winners.title" }),
  { name: "robots", content: "noindex" },
];

/** `/quan-tri/noi-dung/thang-giai/moi?year=` (new) or `/…/thang-giai/<id>` (edit). */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireContentEditor(request, context);
  const { contentAdmin } = context.services;
  const years = await contentAdmin.years("winners");
  // Every year's categories: the form offers those of the year chosen in it.
  const categories = (
    await Promise.all(
      years.map(async (year) =>
        (await contentAdmin.winnerCategories(year)).map((c) => ({ ...c, year })),
      ),
    )
  ).flat();
  const { item, values } = await loadYearItem(request, params.id, years, contentAdmin.winnerGet, {
    blank: { prize: "" },
    valuesOf: (winner) => ({
      year: String(winner.year),
      entryRef: winner.entryCode ?? winner.entryId ?? "",
      title: winner.title,
      brand: winner.brand,
      agency: winner.agency,
      categoryId: winner.categoryId === null ? "" : String(winner.categoryId),
      categoryLabelVi: winner.categoryLabelVi,
      categoryLabelEn: winner.categoryLabelEn,
      prize: winner.prize,
      image: winner.image ?? "",
      imageMediaId: winner.imageMediaId === null ? "" : String(winner.imageMediaId),
      videoUrl: winner.videoUrl ?? "",
      sortOrder: String(winner.sortOrder),
    }),
  });
  return { id: item?.id ?? null, years, categories, title: item?.title ?? "", values };
}

export async function action(args: Route.ActionArgs) {
  const { contentAdmin } = args.context.services;
  return saveYearItem(args, winnerSchema, contentAdmin.saveWinner, (s) => s.winner.year, LIST);
}

/**
 * A form of this page that goes unanswered leaves the page as it was, with what was typed; a
 * save that went through (back to the list, not to the sign-in form) ends the draft.
 */
export const clientAction = (args: Route.ClientActionArgs) =>
  keepDraftUntilSaved(args, {
    spec: WINNER_DRAFT,
    key: yearItemDraftKey(args.params.id),
    savedInto: LIST,
  });

export default function AdminWinnerPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const editor = useYearItemForm<WinnerFormValues, WinnerInput>(
    zodResolver(winnerSchema),
    loaderData.values,
    { spec: WINNER_DRAFT, id: loaderData.id },
  );
  const { field, year } = editor;
  const categories = loaderData.categories.filter((c) => String(c.year) === year);
  const heading =
    loaderData.id === null
      ? t("adminContent.winners.new", { year })
      : t("adminContent.winners.edit", { title: loaderData.title });
  const label = (name: string) => t(`adminContent.winners.fields.${name}`);

  return (
    <YearItemEditor
      editor={editor}
      heading={heading}
      section={{ keys: "adminContent.winners", path: LIST }}
      years={loaderData.years}
      image={{ label: label("image"), purpose: "winner", path: "image", mediaId: "imageMediaId" }}
      afterImage={
        <>
          <TextField
            label={label("videoUrl")}
            hint={label("videoHint")}
            type="url"
            inputMode="url"
            maxLength={VIDEO_LINK_MAX_LENGTH}
            {...field("videoUrl")}
          />
          <TextField
            label={label("entryRef")}
            hint={label("entryRefHint")}
            autoComplete="off"
            {...field("entryRef")}
          />
        </>
      }
    >
      <TextField label={label("title")} required {...field("title")} />
      <div className="content-admin-columns">
        <TextField label={label("brand")} {...field("brand")} />
        <TextField label={label("agency")} {...field("agency")} />
      </div>
      <SelectField
        label={label("prize")}
        required
        options={[
          { value: "", label: label("prizeChoose") },
          ...WINNER_PRIZES.map((p) => ({ value: p, label: t(`winners.prize.${p}`) })),
        ]}
        {...field("prize")}
      />
      <fieldset>
        <legend>{t("adminContent.winners.columns.category")}</legend>
        <SelectField
          label={label("categoryId")}
          options={[
            { value: "", label: label("categoryNone") },
            ...categories.map((c) => ({
              value: String(c.id),
              label: pickLang(c.name, lang),
              group: `${pickLang(c.track, lang)} – ${pickLang(c.group, lang)}`,
            })),
          ]}
          {...field("categoryId")}
        />
        <p className="field__hint">{label("categoryLabelHint")}</p>
        <div className="content-admin-columns">
          <TextField label={label("categoryLabelVi")} lang="vi" {...field("categoryLabelVi")} />
          <TextField label={label("categoryLabelEn")} lang="en" {...field("categoryLabelEn")} />
        </div>
      </fieldset>
    </YearItemEditor>
  );
}
