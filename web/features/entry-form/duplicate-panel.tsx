import { useEffect, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { useFetcher } from "react-router";
import { FormAlert } from "../../components/form/field";
import { postEntryAction } from "./post";
import type { EntryActionResult, TrackOption } from "./types";

const DUPLICATE_SELECT_ID = "entry-duplicate-category";

/** A copy of the entry in another category; the page moves to the copy once it exists. */
export function DuplicatePanel({
  entryId,
  tracks,
  currentCategoryId,
}: {
  entryId: string;
  tracks: TrackOption[];
  currentCategoryId: () => string;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<EntryActionResult>({ key: "entry-duplicate" });
  const [choice, setChoice] = useState("");
  // A category chosen before the page hydrated shows in the select: the state takes it up.
  useEffect(() => {
    const select = document.getElementById(DUPLICATE_SELECT_ID);
    if (select instanceof HTMLSelectElement && select.value) setChoice(select.value);
  }, []);
  useEffect(() => {
    const data = fetcher.data;
    if (fetcher.state === "idle" && data?.intent === "duplicate" && data.ok) {
      window.location.assign(`?entry=${encodeURIComponent(data.entryId)}`);
    }
  }, [fetcher.state, fetcher.data]);
  return (
    <section className="panel" aria-labelledby="entry-duplicate-title">
      <h2 id="entry-duplicate-title">{t("entryForm.duplicate.title")}</h2>
      <p className="field__hint">{t("entryForm.duplicate.hint")}</p>
      <div className="field">
        <label htmlFor={DUPLICATE_SELECT_ID} className="field__label">
          {t("entry.fields.category.label")}
        </label>
        <select
          id={DUPLICATE_SELECT_ID}
          className="field__input"
          value={choice}
          onChange={(event) => setChoice(event.target.value)}
        >
          <option value="">{t("entryForm.chooseCategory")}</option>
          {tracks.map((option) => (
            <optgroup key={option.id} label={option.name}>
              {option.categories
                .filter((category) => category.id !== currentCategoryId())
                .map((category) => (
                  <option key={category.id} value={`${option.id}:${category.id}`}>
                    {category.groupName} — {category.name}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      <p>
        <button
          type="button"
          className="button button--secondary"
          disabled={!choice || fetcher.state !== "idle"}
          onClick={() => {
            const [trackId = "", categoryId = ""] = choice.split(":");
            void postEntryAction(fetcher, { intent: "duplicate", entryId, trackId, categoryId });
          }}
        >
          {t("entryForm.duplicate.button")}
        </button>
      </p>
      {fetcher.data?.intent === "duplicate" && !fetcher.data.ok ? (
        <FormAlert message={t(fetcher.data.formError)} />
      ) : null}
    </section>
  );
}
