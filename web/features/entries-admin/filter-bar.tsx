import { useEffect, useId, useRef } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useLocation } from "react-router";
import {
  ALL_STATUSES,
  PAYMENT_STATES,
  REGISTRANT_TYPES,
  type EntryFilterOptions,
  type EntryListQuery,
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
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
  emptyLabel?: string;
}) {
  return (
    <div className="list-toolbar__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <select
        id={`${id}-${name}`}
        name={name}
        className="field__input"
        defaultValue={value}
        key={value}
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

/**
 * The entries table's filters and search: a GET form (works without JavaScript) that starts
 * again from page 1 and keeps the sort and page size. Groups and categories are named with
 * their track so one list stays readable across tracks.
 */
export function EntryFilterBar({
  query,
  seasonYear,
  options,
}: {
  query: EntryListQuery;
  seasonYear: number;
  options: EntryFilterOptions;
}) {
  const { t } = useTranslation();
  const id = useId();
  const location = useLocation();
  const trackName = new Map(options.tracks.map((track) => [track.id, track.name]));
  const groupOf = new Map(options.groups.map((group) => [group.id, group]));
  const any = t("entryAdmin.filters.any");
  // The address decides what the search box holds (back, forward, "clear filters"), written
  // into the box rather than mounting a new one: that would take the keyboard's place from a
  // search just sent with Enter.
  const search = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (search.current && search.current.value !== query.q) search.current.value = query.q;
  }, [query.q]);
  return (
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
        value={String(seasonYear)}
        options={options.seasons.map((s) => ({ value: String(s.year), label: s.name }))}
      />
      <Select
        id={id}
        name="track"
        label={t("entryAdmin.filters.track")}
        value={query.track ?? ""}
        emptyLabel={any}
        options={options.tracks.map((track) => ({ value: String(track.id), label: track.name }))}
      />
      <Select
        id={id}
        name="group"
        label={t("entryAdmin.filters.group")}
        value={query.group ?? ""}
        emptyLabel={any}
        options={options.groups.map((group) => ({
          value: String(group.id),
          label: `${trackName.get(group.parentId ?? 0) ?? ""} › ${group.name}`,
        }))}
      />
      <Select
        id={id}
        name="category"
        label={t("entryAdmin.filters.category")}
        value={query.category ?? ""}
        emptyLabel={any}
        options={options.categories.map((category) => {
          const group = groupOf.get(category.parentId ?? 0);
          return {
            value: String(category.id),
            label: `${group ? `${group.name} › ` : ""}${category.name}`,
          };
        })}
      />
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
  );
}
