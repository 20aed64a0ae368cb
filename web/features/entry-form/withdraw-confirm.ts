import type { TFunction } from "i18next";

/**
 * The withdraw (or delete) dialog's question, as an i18n key and its values: an entry is
 * named by its code once it has one, else by its campaign name, else as an entry not named
 * yet — never a sentence with a hole where the name should be.
 */
export function withdrawConfirmMessage(
  entry: {
    code: string | null | undefined;
    campaignName: string | null | undefined;
  },
  keys: "entryForm.withdraw" | "entryForm.deleteDraft" = "entryForm.withdraw",
): { key: string; values: Record<string, string> } {
  const code = entry.code?.trim();
  if (code) return { key: `${keys}.confirmText`, values: { code } };
  const name = entry.campaignName?.trim();
  if (name) return { key: `${keys}.confirmTextNamed`, values: { name } };
  return { key: `${keys}.confirmTextUnnamed`, values: {} };
}

/** The question itself, in the page's language. */
export function withdrawConfirmText(
  t: TFunction,
  entry: Parameters<typeof withdrawConfirmMessage>[0],
  keys?: Parameters<typeof withdrawConfirmMessage>[1],
): string {
  const { key, values } = withdrawConfirmMessage(entry, keys);
  return t(key, values);
}
