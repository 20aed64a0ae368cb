import { Fragment, useMemo, type ReactNode } from "react";
import {
  useForm,
  useWatch,
  type DefaultValues,
  type FieldValues,
  type Resolver,
  type UseFormRegisterReturn,
  type UseFormReturn,
} from "react-hook-form";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useActionData, useNavigation } from "react-router";
import type { MediaPurpose } from "../../../core/media-image";
import { FormAlert, SelectField, TextField } from "../../components/form/field";
import { useLocalizedPath } from "../../lib/site";
import type { FormResult } from "../../lib/use-server-form";
import { CHECKED_FORM, useServerErrors, useValidatedSubmit } from "../../lib/use-server-form";
import { AdminPage } from "../back-office/page";
import { ImageField } from "./image-field";
import {
  draftValuesOf,
  useDraftOfForm,
  localDraftKey,
  useLocalDraft,
  type LocalDraftSpec,
  type LocalDraftState,
  type LocalDraftValues,
} from "./local-draft";
import { LocalDraftNotice } from "./local-draft-notice";

/**
 * The editor of a year-scoped item with an image (a juror, a winner): the form state, and
 * the page around the item's own fields — breadcrumbs, the year, the image, the place in
 * the list, save and cancel. The same core schema checks it in the browser and the action.
 * What is typed is kept in this browser as it is typed (`local-draft.ts`) and offered back
 * when the editor opens again without it.
 */

type Values = Record<string, string | boolean>;

/** What one registered field needs: its registration, first value and error (i18n key). */
export interface FieldBinding {
  registration: UseFormRegisterReturn;
  defaultValue: string;
  error: string | undefined;
}

export interface YearItemForm {
  /** The values the form starts from: the loaded item, or what was typed before a refusal. */
  initial: Values;
  failed: FormResult | undefined;
  field: (name: string) => FieldBinding;
  setValue: (name: string, value: string) => void;
  submit: ReturnType<typeof useValidatedSubmit>;
  year: string;
  /** The draft kept in this browser, for the notice above the form. */
  draft: Pick<LocalDraftState, "offer" | "answer" | "restore" | "discard">;
  /** Counts restored drafts: the form's fields start again from the restored values. */
  generation: number;
}

/** The item a draft belongs to: its id, or "new" (`moi` in the address). */
export function yearItemDraftKey(id: number | string | null | undefined): string {
  return localDraftKey(id === "moi" ? null : id);
}

/**
 * The form's values: what was typed before a refusal, else a restored draft's, else the
 * loaded item's. A draft keeps a box's tick as "true" or "false".
 */
function startingValues(
  values: Values,
  restored: LocalDraftValues | null,
  failed: FormResult | undefined,
): Values {
  const initial: Values = { ...values };
  for (const [name, value] of Object.entries(restored ?? {})) {
    initial[name] = typeof values[name] === "boolean" ? value === "true" : value;
  }
  Object.assign(initial, failed?.values ?? {});
  // An unticked box is not posted: a refused form comes back without it.
  for (const [name, value] of Object.entries(values)) {
    if (failed && typeof value === "boolean" && !(name in (failed.values ?? {}))) {
      initial[name] = false;
    }
  }
  return initial;
}

export function useYearItemForm<V extends FieldValues, I extends FieldValues>(
  resolver: Resolver<V, unknown, I>,
  values: Values,
  /** The item's draft in this browser: which fields it keeps, and the item's id (null: new). */
  draftOf: { spec: LocalDraftSpec; id: number | null },
): YearItemForm {
  const result = useActionData<FormResult>();
  const failed = result && !result.ok ? result : undefined;
  const { spec } = draftOf;
  const stored = useMemo(() => draftValuesOf(spec, values), [spec, values]);
  const draft = useLocalDraft(spec, yearItemDraftKey(draftOf.id), stored);
  const initial = startingValues(values, draft.restored, failed);
  const typed = useForm<V, unknown, I>({
    resolver,
    defaultValues: initial as DefaultValues<V>,
    ...CHECKED_FORM,
  });
  // Field names come from the page as strings: one loose view of the typed form.
  const form = typed as unknown as UseFormReturn<Values>;
  const submit = useValidatedSubmit(typed);
  useServerErrors(form, failed?.fieldErrors, submit.ref);
  const onSubmit = useDraftOfForm(form, spec, draft.keep, submit.onSubmit);
  const errors = form.formState.errors;
  // The year chosen in the form (the winner form offers that season's categories).
  const year = useWatch({ control: form.control, name: "year" });
  const text = (name: string) => {
    const value = initial[name];
    return typeof value === "string" ? value : "";
  };
  return {
    initial,
    failed,
    field: (name) => ({
      registration: form.register(name),
      defaultValue: text(name),
      error: (errors[name]?.message as string | undefined) ?? failed?.fieldErrors?.[name],
    }),
    setValue: (name, value) => form.setValue(name, value),
    submit: { ref: submit.ref, onSubmit },
    year: String(year ?? initial.year),
    draft: {
      offer: draft.offer,
      answer: draft.answer,
      // The form's values become the draft's; its fields (keyed by `generation`) start again.
      restore: () => {
        if (!draft.offer) return;
        form.reset(startingValues(values, draft.offer.values, failed));
        draft.restore();
      },
      discard: draft.discard,
    },
    generation: draft.generation,
  };
}

/** The form's first field: the year. */
const FIRST_FIELD = '.content-admin-form select[name="year"]';

export function YearItemEditor({
  editor,
  heading,
  section,
  years,
  image,
  children,
  afterImage,
}: {
  editor: YearItemForm;
  heading: string;
  /** The list page: its i18n section (`adminContent.jury`) and path. */
  section: { keys: "adminContent.jury" | "adminContent.winners"; path: string };
  years: number[];
  /** The image field: label, purpose and the names of its path and media id fields. */
  image: { label: string; purpose: MediaPurpose; path: string; mediaId: string };
  children: ReactNode;
  afterImage?: ReactNode;
}) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const busy = useNavigation().state === "submitting";
  const { field, failed, year } = editor;
  const list = `${section.path}?year=${year}`;
  const pathField = field(image.path);
  const mediaField = field(image.mediaId);
  return (
    <AdminPage
      title={heading}
      breadcrumbs={[
        { label: t("admin.sections.content"), to: "/quan-tri/noi-dung" },
        { label: t(`${section.keys}.title`), to: list },
        { label: heading },
      ]}
    >
      <LocalDraftNotice draft={editor.draft} focus={FIRST_FIELD} />
      <form {...editor.submit} method="post" className="form content-admin-form" noValidate>
        <FormAlert message={failed?.formError ? t(failed.formError) : undefined} />
        {/* The fields start again from a restored draft (their first values are the draft's). */}
        <Fragment key={editor.generation}>
          <SelectField
            label={t(`${section.keys}.fields.year`)}
            required
            options={years.map((y) => ({ value: String(y), label: String(y) }))}
            {...field("year")}
          />
          {children}
          <ImageField
            label={image.label}
            purpose={image.purpose}
            names={{ mediaId: image.mediaId, path: image.path }}
            initialMediaId={mediaField.defaultValue}
            initialSrc={pathField.defaultValue || null}
            error={pathField.error ?? mediaField.error}
            onChange={(chosen) => {
              editor.setValue(image.mediaId, chosen.id === null ? "" : String(chosen.id));
              editor.setValue(image.path, chosen.src);
            }}
          />
          {afterImage}
          <TextField
            label={t(`${section.keys}.fields.sortOrder`)}
            hint={t(`${section.keys}.fields.sortOrderHint`)}
            inputMode="numeric"
            {...field("sortOrder")}
          />
        </Fragment>
        <div className="content-admin-form__actions">
          <button type="submit" className="button button--primary" disabled={busy}>
            {busy ? t("adminContent.common.saving") : t("adminContent.common.save")}
          </button>
          <Link className="button button--secondary" to={to(list)}>
            {t("adminContent.common.cancel")}
          </Link>
        </div>
      </form>
    </AdminPage>
  );
}
