import { data, type AppLoadContext } from "react-router";
import type { ZodType, z } from "zod";
import { refusal, type Outcome } from "../../../core/refusal";
import { positiveInt, redirectWithNotice, submitForm } from "../back-office/form.server";
import { chosenYear, requireContentEditor } from "./guard.server";

/**
 * The server half of a year-scoped item's editor (`…/moi?year=` creates, `…/<id>` edits):
 * the loader's starting values, and the action — authorize, parse with the core schema, call
 * the operation (which records its own audit entry), back to the year's list with a notice.
 */

type Values = Record<string, string | boolean>;
type Actor = Awaited<ReturnType<typeof requireContentEditor>>["actor"];

/** The item being edited (404 for an unknown one) or, for `moi`, the new item's first values. */
export async function loadYearItem<T>(
  request: Request,
  param: string | undefined,
  years: number[],
  load: (id: number) => Promise<T | null>,
  form: { blank: Values; valuesOf: (item: T) => Values },
): Promise<{ item: T | null; values: Values }> {
  if (param === "moi") {
    return { item: null, values: { year: String(chosenYear(request, years)), ...form.blank } };
  }
  const id = positiveInt(param);
  const item = id === null ? null : await load(id);
  if (!item) throw data(null, { status: 404 });
  return { item, values: form.valuesOf(item) };
}

export async function saveYearItem<S extends ZodType, T extends object>(
  args: { request: Request; context: AppLoadContext; params: { id?: string } },
  schema: S,
  save: (actor: Actor, id: number | null, input: z.output<S>) => Promise<Outcome<T>>,
  yearOf: (saved: T) => number,
  list: string,
) {
  const { request, context, params } = args;
  const { actor } = await requireContentEditor(request, context);
  const creating = params.id === "moi";
  const id = creating ? null : positiveInt(params.id);
  return submitForm(
    await request.formData(),
    schema,
    (input) =>
      !creating && id === null
        ? Promise.resolve(refusal(404, "adminContent.errors.notFound"))
        : save(actor, id, input),
    (saved) =>
      redirectWithNotice(
        request,
        `${list}?year=${yearOf(saved)}`,
        creating ? "adminContent.notices.created" : "adminContent.notices.saved",
      ),
  );
}

/** Deletes a listed item and goes back to its year's list; a notice when there is none. */
export async function deleteYearItem<T extends object>(
  request: Request,
  actor: Actor,
  id: number | null,
  remove: (actor: Actor, id: number) => Promise<Outcome<T>>,
  yearOf: (removed: T) => number,
  list: string,
) {
  const removed = id === null ? null : await remove(actor, id);
  if (!removed?.ok) return { ok: false as const, notice: "adminContent.errors.notFound" };
  return redirectWithNotice(
    request,
    `${list}?year=${yearOf(removed)}`,
    "adminContent.notices.deleted",
  );
}
