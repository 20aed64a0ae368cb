import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link } from "react-router";
import { formatVnd } from "../../../core/dates";
import { pickLang } from "../../../core/languages";
import type { AdminCategory, AdminTrack, TreeNodeKind } from "../../../core/season-admin";
import type { FormResult } from "../../components/form/schema-form";
import { useLang, useLocalizedPath } from "../../lib/site";
import { NodeEditor, type TreeNode } from "./node-editor";
import { SEASONS_PATH } from "./paths";
import { TreeRow } from "./tree-row";
import "./seasons.css";

type NodeRef = { kind: TreeNodeKind; id: number } | null;

/** Where the tree is: the season, which node is being edited or added to, the last answer. */
interface TreeState {
  year: number;
  edit: NodeRef;
  add: NodeRef;
  result: FormResult | undefined;
  /** Says a line's new place aloud after a move (the tree's live region). */
  announce?: (message: string) => void;
}

/** The kind of node listed under each kind, and where a node keeps them. */
const CHILD = { track: "group", group: "category" } as const;
const childrenOf = (node: TreeNode): TreeNode[] =>
  "groups" in node ? node.groups : "categories" in node ? node.categories : [];

/**
 * A season's tracks → groups → categories, each line with its actions; the node being edited
 * (`?edit=`) opens its form in place, and each level ends with an "add" link or form (`?add=`).
 * A line moved up or down keeps the focus on its button; where it went is said in a polite
 * live region ("Đã chuyển “Tên” lên vị trí 2/5").
 */
export function CategoryTree({ tree, ...state }: { tree: AdminTrack[] } & TreeState) {
  const [moved, setMoved] = useState("");
  return (
    <>
      <ul className="category-tree">
        <Level state={{ ...state, announce: setMoved }} kind="track" nodes={tree} parentId={null} />
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {moved}
      </p>
    </>
  );
}

/** The nodes of one kind under one parent, each with its own level beneath it. */
function Level({
  state,
  kind,
  nodes,
  parentId,
}: {
  state: TreeState;
  kind: TreeNodeKind;
  nodes: TreeNode[];
  parentId: number | null;
}) {
  const child = kind === "category" ? null : CHILD[kind];
  return nodes.map((node, at) => (
    <li key={node.id}>
      <NodeLine
        state={state}
        kind={kind}
        node={node}
        parentId={parentId}
        position={at + 1}
        count={nodes.length}
      />
      {child ? (
        <ul>
          <Level state={state} kind={child} nodes={childrenOf(node)} parentId={node.id} />
          <li>
            <AddNode state={state} kind={child} parentId={node.id} />
          </li>
        </ul>
      ) : null}
    </li>
  ));
}

/** The "add a track" link under the tree, or its form once opened. */
export function AddTrack(state: TreeState) {
  return <AddNode state={state} kind="track" parentId={state.year} />;
}

function useTreeLink(year: number) {
  const to = useLocalizedPath();
  return (param: string) => to(`${SEASONS_PATH}?year=${year}&${param}#editor`);
}

/** One node's line, and its edit form when it is the one being edited. */
function NodeLine({
  state,
  kind,
  node,
  parentId,
  position,
  count,
}: {
  state: TreeState;
  kind: TreeNodeKind;
  node: TreeNode;
  parentId: number | null;
  position: number;
  count: number;
}) {
  const link = useTreeLink(state.year);
  const lang = useLang();
  const category = kind === "category" ? (node as AdminCategory) : null;
  const editing = state.edit?.kind === kind && state.edit.id === node.id;
  return (
    <>
      <TreeRow
        kind={kind}
        id={node.id}
        year={state.year}
        first={position === 1}
        last={position === count}
        position={position}
        count={count}
        {...(state.announce ? { onMoved: state.announce } : {})}
        name={pickLang({ vi: node.nameVi, en: node.nameEn }, lang)}
        meta={
          category ? (
            <CategoryMeta category={category} />
          ) : kind === "track" ? (
            `${node.slug} · ${(node as AdminTrack).code}`
          ) : (
            node.slug
          )
        }
        editHref={link(`edit=${kind}:${node.id}`)}
        locked={node.entryCount > 0}
      />
      {editing ? (
        <NodeEditor
          kind={kind}
          mode="update"
          year={state.year}
          parentId={parentId}
          node={node}
          result={state.result}
        />
      ) : null}
    </>
  );
}

const ADD_LABEL = {
  track: "adminPlatform.tree.addTrack",
  group: "adminPlatform.tree.addGroup",
  category: "adminPlatform.tree.addCategory",
} as const;

/**
 * The end of a level: a link that opens the "add" form, or the form itself. A track's parent
 * is the season (its year); its link stands on its own line under the tree.
 */
function AddNode({
  state,
  kind,
  parentId,
}: {
  state: TreeState;
  kind: TreeNodeKind;
  parentId: number;
}) {
  const { t } = useTranslation();
  const link = useTreeLink(state.year);
  const track = kind === "track";
  if (state.add?.kind === kind && (track || state.add.id === parentId)) {
    return (
      <NodeEditor
        kind={kind}
        mode="create"
        year={state.year}
        parentId={track ? null : parentId}
        node={null}
        result={state.result}
      />
    );
  }
  const button = (
    <Link
      className={track ? "button button--secondary" : "button button--secondary button--small"}
      to={link(`add=${kind}:${parentId}`)}
    >
      {t(ADD_LABEL[kind])}
    </Link>
  );
  return track ? <p>{button}</p> : button;
}

function CategoryMeta({ category }: { category: AdminCategory }) {
  const { t } = useTranslation();
  const lang = useLang();
  const who = [
    category.allowIndividual ? t("adminPlatform.tree.individual") : null,
    category.allowEnterprise ? t("adminPlatform.tree.enterprise") : null,
  ].filter(Boolean);
  return (
    <>
      {category.code} · {category.slug} · {formatVnd(category.feeVnd, lang)}
      {category.videoRequired ? ` · ${t("adminPlatform.tree.videoRequired")}` : ""} ·{" "}
      {who.join(", ")}
      {category.entryCount > 0
        ? ` · ${t("adminPlatform.tree.entries", { count: category.entryCount })}`
        : ""}
    </>
  );
}
