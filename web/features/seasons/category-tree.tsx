import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../i18n/use-translation";
import { Link, useNavigation } from "react-router";
import { formatVnd } from "../../../core/dates";
import { pickLang } from "../../../core/languages";
import type {
  AdminCategory,
  AdminGroup,
  AdminTrack,
  TreeNodeKind,
} from "../../../core/season-admin";
import type { FormResult, SelectOption } from "../../components/form/schema-form";
import { keyboardPlaceLost, useAfterSend } from "../../lib/after-send";
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
  /** Where an edited group (the season's tracks) or category (its groups) can be filed. */
  parents?: { group: SelectOption[]; category: SelectOption[] };
}

/** The kind of node listed under each kind, and where a node keeps them. */
const CHILD = { track: "group", group: "category" } as const;
const childrenOf = (node: TreeNode): TreeNode[] =>
  "groups" in node ? node.groups : "categories" in node ? node.categories : [];

/**
 * A season's tracks → groups → categories, each line with its actions; the node being edited
 * (`?edit=`) opens its form in place, and each level ends with an "add" link or form (`?add=`).
 * A line moved up or down keeps the focus on its button; where it went is said in a polite
 * live region ("Đã chuyển “Tên” lên vị trí 2/5"). Once a form saves, the keyboard goes back to
 * the saved line's edit link (wherever a move put the line), not to the top of the page.
 */
export function CategoryTree({ tree, ...state }: { tree: AdminTrack[] } & TreeState) {
  const [moved, setMoved] = useState("");
  const lang = useLang();
  const name = (node: { nameVi: string; nameEn: string }) =>
    pickLang({ vi: node.nameVi, en: node.nameEn }, lang);
  const parents = {
    group: tree.map((track) => ({ value: String(track.id), label: name(track) })),
    category: tree.flatMap((track) =>
      track.groups.map((group) => ({
        value: String(group.id),
        label: name(group),
        group: name(track),
      })),
    ),
  };
  useFocusAfterSave(tree, state.edit, state.add);
  return (
    <>
      <ul className="category-tree">
        <Level
          state={{ ...state, announce: setMoved, parents }}
          kind="track"
          nodes={tree}
          parentId={null}
        />
      </ul>
      <p className="visually-hidden" role="status" aria-live="polite">
        {moved}
      </p>
    </>
  );
}

/** Every node's id of one kind in the tree. */
function idsOf(tree: AdminTrack[], kind: TreeNodeKind): Set<number> {
  const groups = tree.flatMap((t) => t.groups);
  const nodes =
    kind === "track" ? tree : kind === "group" ? groups : groups.flatMap((g) => g.categories);
  return new Set(nodes.map((n) => n.id));
}

/**
 * After a tree form is saved (the page comes back without a form open), the keyboard's place
 * is the saved line's edit link: the edited node's, or the one node of its kind that is new.
 */
function useFocusAfterSave(tree: AdminTrack[], edit: NodeRef, add: NodeRef) {
  const navigation = useNavigation();
  const data = navigation.formData;
  const intent = data?.get("intent");
  const saving =
    navigation.state !== "idle" &&
    String(data?.get("formKey") ?? "").startsWith("tree:") &&
    (intent === "create" || intent === "update");
  const sent = useRef<{ kind: TreeNodeKind; id: number | null; known: Set<number> } | null>(null);
  useEffect(() => {
    if (!saving || !data) return;
    const kind = String(data.get("kind")) as TreeNodeKind;
    const id = intent === "update" ? Number(data.get("id")) : null;
    sent.current = { kind, id, known: idsOf(tree, kind) };
  }, [saving, data, intent, tree]);
  useAfterSend(saving, () => {
    const was = sent.current;
    sent.current = null;
    // Still open: refused, and the form put the keyboard on what to fix.
    if (!was || edit || add || !keyboardPlaceLost()) return;
    const id = was.id ?? [...idsOf(tree, was.kind)].find((n) => !was.known.has(n));
    if (id !== undefined) document.getElementById(`edit-${was.kind}-${id}`)?.focus();
  });
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
        inside={insideOf(kind, node)}
      />
      {editing ? (
        <NodeEditor
          kind={kind}
          mode="update"
          year={state.year}
          parentId={parentId}
          node={node}
          parents={kind === "track" ? null : (state.parents?.[kind] ?? null)}
          result={state.result}
        />
      ) : null}
    </>
  );
}

/** What deleting a group or track takes with it: its groups and categories, counted. */
function insideOf(kind: TreeNodeKind, node: TreeNode) {
  if (kind === "category") return undefined;
  const groups = "groups" in node ? node.groups : [node as AdminGroup];
  return {
    groups: kind === "track" ? groups.length : 0,
    categories: groups.reduce((sum, g) => sum + g.categories.length, 0),
  };
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
