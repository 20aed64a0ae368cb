import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Form, Link, useFetcher } from "react-router";
import type { TreeNodeKind } from "../../../core/season-admin";
import type { TFunction } from "i18next";
import type { FormResult } from "../../components/form/schema-form";
import { ConfirmButton } from "../back-office/confirm";

/** A node's line: its name, facts, and move up/down, edit, delete (all keyboard reachable). */
export function TreeRow({
  kind,
  id,
  year,
  name,
  meta,
  first,
  last,
  position,
  count,
  onMoved,
  editHref,
  locked = false,
  inside,
}: {
  kind: TreeNodeKind;
  id: number;
  year: number;
  name: string;
  meta: ReactNode;
  first: boolean;
  last: boolean;
  /** Its place among its siblings, from 1, and how many they are. */
  position: number;
  count: number;
  /** Told, in words, where the line went once a move of it is done (for a live region). */
  onMoved?: (message: string) => void;
  editHref: string;
  /** Entries are filed beneath it: delete is off, and the line says why. */
  locked?: boolean;
  /** A track's or group's groups and categories, which its delete takes with it. */
  inside?: { groups: number; categories: number } | undefined;
}) {
  const { t } = useTranslation();
  const fetcher = useFetcher<FormResult>();
  const lastMove = useRef<string | null>(null);
  const label = t(`adminPlatform.tree.kinds.${kind}`);
  const lockedReasonId = `delete-${kind}-${id}-locked`;
  // A category holds the entries; a track or group only through the categories inside it.
  const lockedReason = t(
    kind === "category"
      ? "adminPlatform.errors.hasEntries"
      : "adminPlatform.errors.hasEntriesInside",
  );
  // The moved line changes place in the list: keep the keyboard focus on the button pressed,
  // and say where the line is now (the focus stays put, so nothing else would say it).
  useEffect(() => {
    if (fetcher.state === "idle" && lastMove.current) {
      if (fetcher.data?.ok) {
        const up = lastMove.current.endsWith("up");
        onMoved?.(
          t(up ? "adminPlatform.tree.movedUp" : "adminPlatform.tree.movedDown", {
            name,
            position,
            count,
          }),
        );
      }
      const button = document.getElementById(lastMove.current);
      if (button && !(button as HTMLButtonElement).disabled) button.focus();
      else
        document
          .getElementById(`move-${kind}-${id}-${lastMove.current.endsWith("up") ? "down" : "up"}`)
          ?.focus();
      lastMove.current = null;
    }
  }, [fetcher.state, fetcher.data, kind, id, name, position, count, onMoved, t]);
  const move = (direction: "up" | "down", disabled: boolean) => {
    const buttonId = `move-${kind}-${id}-${direction}`;
    return (
      <fetcher.Form method="post" onSubmit={() => (lastMove.current = buttonId)}>
        <input type="hidden" name="intent" value="move" />
        <input type="hidden" name="formKey" value={`tree:${kind}:${id}`} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="direction" value={direction} />
        <input type="hidden" name="year" value={year} />
        <button
          id={buttonId}
          type="submit"
          className="button button--secondary button--small"
          disabled={disabled || fetcher.state !== "idle"}
          aria-label={t(
            direction === "up" ? "adminPlatform.tree.moveUp" : "adminPlatform.tree.moveDown",
            { name },
          )}
        >
          {direction === "up" ? "↑" : "↓"}
        </button>
      </fetcher.Form>
    );
  };
  return (
    <div className="tree-node">
      <div className="tree-node__name">
        <strong>{name}</strong> <span className="visually-hidden">({label})</span>
        <div className="tree-node__meta">{meta}</div>
      </div>
      <div className="tree-node__actions">
        {move("up", first)}
        {move("down", last)}
        <Link
          id={`edit-${kind}-${id}`}
          className="button button--secondary button--small"
          to={editHref}
          aria-label={t("adminPlatform.tree.editNamed", { name })}
        >
          {t("adminPlatform.edit")}
        </Link>
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="formKey" value={`tree:${kind}:${id}`} />
          <input type="hidden" name="kind" value={kind} />
          <input type="hidden" name="id" value={id} />
          <input type="hidden" name="year" value={year} />
          <ConfirmButton
            className="button button--secondary button--small"
            message={deleteQuestion(t, kind, name, inside)}
            aria-label={t("adminPlatform.tree.deleteNamed", { name })}
            disabled={locked}
            aria-describedby={locked ? lockedReasonId : undefined}
            title={locked ? lockedReason : undefined}
          >
            {t("adminPlatform.delete")}
          </ConfirmButton>
        </Form>
      </div>
      {/* Why delete is off, in words on the page: a tooltip is never seen from the keyboard
          or a touch screen, and a disabled button is not even reached by Tab. */}
      {locked ? (
        <p id={lockedReasonId} className="tree-node__locked field__hint">
          {lockedReason}
        </p>
      ) : null}
    </div>
  );
}

/**
 * The question before a delete, by kind: a category is deleted alone; a group with its
 * categories, a track with its groups and categories, each counted (or said to be empty).
 */
function deleteQuestion(
  t: TFunction,
  kind: TreeNodeKind,
  name: string,
  inside: { groups: number; categories: number } | undefined,
): string {
  const groups = inside?.groups ?? 0;
  const count = inside?.categories ?? 0;
  if (kind === "category") return t("adminPlatform.tree.confirmDeleteCategory", { name });
  if (kind === "group") {
    return count === 0
      ? t("adminPlatform.tree.confirmDeleteEmptyGroup", { name })
      : t("adminPlatform.tree.confirmDeleteGroup", { name, count });
  }
  if (groups === 0) return t("adminPlatform.tree.confirmDeleteEmptyTrack", { name });
  return t("adminPlatform.tree.confirmDeleteTrack", {
    name,
    groups: t("adminPlatform.tree.groupCount", { count: groups }),
    categories: t("adminPlatform.tree.categoryCount", { count }),
  });
}
