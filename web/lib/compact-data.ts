/**
 * A page's data without its empty fields. Every field a loader returns travels in the page's
 * HTML (as its name and value), so a page that must stay small (the home page) leaves out the
 * null ones; its components read a missing field as they read a null one.
 */

/** `T` with every field that may be null made optional instead, never null. */
export type NullsDropped<T> = {
  [K in keyof T as null extends T[K] ? never : K]: T[K];
} & {
  [K in keyof T as null extends T[K] ? K : never]?: Exclude<T[K], null>;
};

export function dropNulls<T extends object>(value: T): NullsDropped<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([, field]) => field !== null),
  ) as NullsDropped<T>;
}
