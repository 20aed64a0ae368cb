import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import { catalogText } from "../../../core/i18n/lookup";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { EntryFileField } from "../../../core/entry-limits";
import { LANGUAGES, type Lang } from "../../../core/languages";
import { createI18n } from "../../i18n/i18n";
import type { EntryFileView } from "./types";
import { AttachedFiles } from "./upload-lists";

function withI18n(lang: Lang, element: ReturnType<typeof createElement>) {
  return renderToStaticMarkup(
    createElement(I18nextProvider, { i18n: createI18n(lang, lang === "vi" ? vi : en) }, element),
  );
}

const fileOf = (field: EntryFileField, removable?: boolean): EntryFileView => ({
  id: `${field}-1`,
  field,
  name: `${field}.bin`,
  bytes: 1000,
  mime: "application/octet-stream",
  url: null,
  thumbUrl: null,
  ...(removable === undefined ? {} : { removable }),
});

function attached(lang: Lang, field: EntryFileField, removable?: boolean, readOnly = false) {
  return withI18n(
    lang,
    createElement(AttachedFiles, {
      field,
      files: [fileOf(field, removable)],
      readOnly,
      onRemove: () => {},
    }),
  );
}

describe("a submitted entry's attached files", () => {
  it.each(LANGUAGES)(
    "offers no remove button for a file the server would keep, saying how to replace it (%s)",
    (lang) => {
      const remove = catalogText(lang, "entryForm.upload.remove")!;
      for (const [field, key] of [
        ["legalCommitment", "entryForm.upload.keepFile"],
        ["images", "entryForm.upload.keepImage"],
        ["video", "entryForm.upload.keepVideo"],
      ] as const) {
        const kept = attached(lang, field, false);
        expect(kept).toContain(catalogText(lang, key));
        expect(kept).not.toContain("<button");
        expect(kept).not.toContain(remove);
      }
      // A file that may go, or one just uploaded and not read again yet, has its button.
      expect(attached(lang, "legalCommitment", true)).toContain(`>${remove}</button>`);
      expect(attached(lang, "legalCommitment")).toContain(`>${remove}</button>`);
      // Read-only: neither.
      const locked = attached(lang, "legalCommitment", false, true);
      expect(locked).not.toContain("<button");
      expect(locked).not.toContain(catalogText(lang, "entryForm.upload.keepFile"));
    },
  );
});
