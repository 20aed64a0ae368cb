import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useLocation } from "react-router";
import {
  ALL_STATUSES,
  CATALOGUE_LEVELS,
  catalogueOfSeason,
  catalogueOptionOf,
  keepWithinCatalogue,
  PAYMENT_STATES,
  REGISTRANT_TYPES,
  SUBMISSION_TIMINGS,
  type CatalogueChoice,
  type CatalogueLevel,
  type EntryFilterOptions,
  type EntryListQuery,
  type SeasonCatalogue,
} from "../../../core/entry-admin-list";
import { ENTRY_STATUSES, entryStatusLabelKey } from "../../../core/entry-status";
import { LIST_PAGE_SIZES } from "../../../core/list-query";

function Select({
  id,
  name,
  label,
  value,
  options,
  emptyLabel,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  emptyLabel?: string;
  /** Given, the select follows `value` (the filter bar holds it); else the address sets it. */
  onChange?: (value: string) => void;
}) {
  return (
    <div className="list-toolbar__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        className="field__input"
        key={onChange ? undefined : value}
        {...(onChange
          ? { value, onChange: (event) => onChange(event.target.value) }
          : { defaultValue: value })}
      >
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The choice the address makes, by id (a slug in the address names the same option). */
function choiceOf(query: EntryListQuery, catalogue: SeasonCatalogue): CatalogueChoice {
  const idOf = (ref: string | null, list: SeasonCatalogue[keyof SeasonCatalogue]) => {
    const option = catalogueOptionOf(ref, list);
    return option ? String(option.id) : null;
  };
  return {
    track: idOf(query.track, catalogue.tracks),
    group: idOf(query.group, catalogue.groups),
    category: idOf(query.category, catalogue.categories),
  };
}

/**
 * The entries table's filters and search: a GET form (works without JavaScript) that starts
 * again from page 1 and keeps the sort and page size. Groups and categories are named with
 * their track so one list stays readable across tracks. The track, group and category offered
 * are those of the season chosen: with JavaScript a new season's at once (a choice it does
 * not have is cleared and announced); without, those of the season sent, the server saying
 * which choice it dropped (`dropped`).
 */
export function EntryFilterBar({
  query,
  seasonYear,
  options,
  dropped,
}: {
  query: EntryListQuery;
  seasonYear: number;
  options: EntryFilterOptions;
  dropped: CatalogueLevel[];
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const any = t("entryAdmin.filters.any");
  const droppedNotice = (levels: CatalogueLevel[], year: number) =>
    levels.map((level) => t(`entryAdmin.filters.dropped.${level}`, { year })).join(" ");
  // The season and catalogue choice the form holds: the address's, until the season is
  // changed here; a new address (sent, back, forward, "clear filters") starts again from it.
  const [year, setYear] = useState(seasonYear);
  const [choice, setChoice] = useState(() => choiceOf(query, options));
  const [notice, setNotice] = useState(() => droppedNotice(dropped, seasonYear));
  const [address, setAddress] = useState(location.search);
  if (address !== location.search) {
    setAddress(location.search);
    setYear(seasonYear);
    setChoice(choiceOf(query, options));
    setNotice(droppedNotice(dropped, seasonYear));
  }
  const catalogue = catalogueOfSeason(options, year);
  const trackName = new Map(catalogue.tracks.map((track) => [track.id, track.name]));
  const groupOf = new Map(catalogue.groups.map((group) => [group.id, group]));
  const chooseSeason = (value: string) => {
    const next = Number(value);
    const { kept, dropped: cleared } = keepWithinCatalogue(
      choice,
      catalogueOfSeason(options, next),
    );
    setYear(next);
    setChoice(kept);
    setNotice(droppedNotice(cleared, next));
  };
  const choose = (level: CatalogueLevel) => (value: string) =>
    setChoice((current) => ({ ...current, [level]: value === "" ? null : value }));
  // The address decides what the search box holds (back, forward, "clear filters"), written
  // into the box rather than mounting a new one: that would take the keyboard's place from a
  // search just sent with Enter.
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (search.current && search.current.value !== query.q) search.current.value = query.q;
  }, [query.q]);
  const catalogueOptions: Record<CatalogueLevel, { value: string; label: string }[]> = {
    track: catalogue.tracks.map((track) => ({ value: String(track.id), label: track.name })),
    group: catalogue.groups.map((group) => ({
      value: String(group.id),
      label: `${trackName.get(group.parentId ?? 0) ?? ""} › ${group.name}`,
    })),
    category: catalogue.categories.map((category) => {
      const group = groupOf.get(category.parentId ?? 0);
      return {
        value: String(category.id),
        label: `${group ? `${group.name} › ` : ""}${category.name}`,
      };
    }),
  };
  return (
    <>
      <Form
        method="get"
        action={location.pathname}
        className="list-toolbar entries-filters"
        role="search"
        aria-label={t("entryAdmin.filters.heading")}
      >
        <div className="list-toolbar__field list-toolbar__field--search">
          <label htmlFor={`${id}-q`}>{t("entryAdmin.table.search")}</label>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            className="field__input"
            ref={search}
            defaultValue={query.q}
            maxLength={200}
          />
        </div>
        <Select
          id={id}
          name="season"
          label={t("entryAdmin.filters.season")}
          value={String(year)}
          options={options.seasons.map((s) => ({ value: String(s.year), label: s.name }))}
          onChange={chooseSeason}
        />
        {CATALOGUE_LEVELS.map((level) => (
          <Select
            key={level}
            id={id}
            name={level}
            label={t(`entryAdmin.filters.${level}`)}
            value={choice[level] ?? ""}
            emptyLabel={any}
            options={catalogueOptions[level]}
            onChange={choose(level)}
          />
        ))}
        <Select
          id={id}
          name="status"
          label={t("entryAdmin.filters.status")}
          value={query.filters.status ?? ""}
          emptyLabel={t("entryAdmin.filters.allButDrafts")}
          options={[
            { value: ALL_STATUSES, label: t("entryAdmin.filters.allWithDrafts") },
            ...ENTRY_STATUSES.map((status) => ({
              value: status,
              label: t(entryStatusLabelKey(status)),
            })),
          ]}
        />
        <Select
          id={id}
          name="payment"
          label={t("entryAdmin.filters.payment")}
          value={query.filters.payment ?? ""}
          emptyLabel={any}
          options={PAYMENT_STATES.map((state) => ({
            value: state,
            label: t(`entryAdmin.payment.${state}`),
          }))}
        />
        <Select
          id={id}
          name="type"
          label={t("entryAdmin.filters.type")}
          value={query.filters.type ?? ""}
          emptyLabel={any}
          options={REGISTRANT_TYPES.map((type) => ({
            value: type,
            label: t(`entryAdmin.type.${type}`),
          }))}
        />
        <Select
          id={id}
          name="submitted"
          label={t("entryAdmin.filters.submitted")}
          value={query.filters.submitted ?? ""}
          emptyLabel={any}
          options={SUBMISSION_TIMINGS.map((timing) => ({
            value: timing,
            label: t(`entryAdmin.timing.${timing}`),
          }))}
        />
        <Select
          id={id}
          name="pageSize"
          label={t("adminKit.pageSize")}
          value={String(query.pageSize)}
          options={LIST_PAGE_SIZES.map((size) => ({ value: String(size), label: String(size) }))}
        />
        <input type="hidden" name="sort" value={query.sort} />
        <input type="hidden" name="dir" value={query.dir} />
        <div className="list-toolbar__actions">
          <button type="submit" className="button button--primary">
            {t("adminKit.apply")}
          </button>
          <Link to={location.pathname} className="button button--secondary">
            {t("entryAdmin.table.clearFilters")}
          </Link>
        </div>
      </Form>
      {/* What was dropped from the choice, or cleared by a new season: said, not silent. */}
      <p className="form-alert entries-filters__notice" role="status" aria-live="polite">
        {notice}
      </p>
    </>
  );
}
