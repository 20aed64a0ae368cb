import { describe, expect, it } from "vitest";
import {
  defineLocalDraft,
  draftDiffers,
  draftStorageKey,
  draftValuesOf,
  dropLocalDraft,
  keepLocalDraft,
  leadsInto,
  localDraftKey,
  readLocalDraft,
  sameJson,
  type DraftStorage,
} from "./local-draft";

/** A browser's localStorage as the draft functions see it, held in a Map. */
class MemoryStorage implements DraftStorage {
  readonly items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
}

/** Storage that is full (or switched off): every write throws, as the browser's does. */
class FullStorage extends MemoryStorage {
  override setItem(): void {
    throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
  }
}

const PAGE = defineLocalDraft({
  namespace: "page",
  fields: ["titleVi", "summaryVi", "bodyVi"],
  same: { bodyVi: sameJson },
});
const JUROR = defineLocalDraft({
  namespace: "juror",
  fields: ["name", "bioVi", "photoMediaId", "isChair"],
});

const storedPage = draftValuesOf(PAGE, {
  titleVi: "Giới thiệu giải thưởng",
  summaryVi: "Tóm tắt",
  bodyVi: JSON.stringify([{ type: "paragraph", text: "Xin chào" }]),
});

describe("what a local draft keeps", () => {
  it("keeps the listed fields as strings, what is missing as empty", () => {
    expect(
      draftValuesOf(JUROR, {
        name: "Trần Minh Anh",
        photoMediaId: 42,
        isChair: true,
        sortOrder: "3",
      }),
    ).toEqual({ name: "Trần Minh Anh", bioVi: "", photoMediaId: "42", isChair: "true" });
  });

  it("names the record it belongs to, new ones as “new”", () => {
    expect(localDraftKey(12)).toBe("12");
    expect(localDraftKey("track:van-xuan")).toBe("track:van-xuan");
    expect(localDraftKey(null)).toBe("new");
    expect(localDraftKey(undefined)).toBe("new");
    expect(localDraftKey("")).toBe("new");
  });

  it("is stored under vx-<namespace>-draft:<key> (the news editor's keys stay as they were)", () => {
    expect(draftStorageKey(defineLocalDraft({ namespace: "news", fields: [] }), "7")).toBe(
      "vx-news-draft:7",
    );
    expect(draftStorageKey(PAGE, "award-introduction")).toBe("vx-page-draft:award-introduction");
    expect(draftStorageKey(JUROR, "new")).toBe("vx-juror-draft:new");
  });
});

describe("whether a draft differs from the stored record", () => {
  it("does not for the same values, or spacing at a text's ends", () => {
    expect(draftDiffers(PAGE, storedPage, { ...storedPage })).toBe(false);
    expect(
      draftDiffers(PAGE, { ...storedPage, titleVi: "  Giới thiệu giải thưởng " }, storedPage),
    ).toBe(false);
  });

  it("does when a text was changed", () => {
    expect(draftDiffers(PAGE, { ...storedPage, summaryVi: "Tóm tắt mới" }, storedPage)).toBe(true);
  });

  it("compares a body by its rule: the same JSON spaced otherwise is the same", () => {
    const spaced = JSON.stringify(JSON.parse(storedPage.bodyVi), null, 2);
    expect(draftDiffers(PAGE, { ...storedPage, bodyVi: spaced }, storedPage)).toBe(false);
    const changed = JSON.stringify([{ type: "paragraph", text: "Xin chào các bạn" }]);
    expect(draftDiffers(PAGE, { ...storedPage, bodyVi: changed }, storedPage)).toBe(true);
    expect(draftDiffers(PAGE, { ...storedPage, bodyVi: "not json" }, storedPage)).toBe(true);
  });

  it("sees a box ticked, or an image chosen, as a change", () => {
    const stored = draftValuesOf(JUROR, { name: "An", isChair: false, photoMediaId: "" });
    expect(draftDiffers(JUROR, { ...stored, isChair: "true" }, stored)).toBe(true);
    expect(draftDiffers(JUROR, { ...stored, photoMediaId: "42" }, stored)).toBe(true);
  });
});

describe("keeping and reading a draft", () => {
  const at = new Date("2026-03-01T02:30:00.000Z");

  it("reads back what was kept, with when it was typed", () => {
    const storage = new MemoryStorage();
    const typed = { ...storedPage, summaryVi: "Đang gõ dở" };
    keepLocalDraft(PAGE, "award-introduction", typed, at, storage);
    expect([...storage.items.keys()]).toEqual(["vx-page-draft:award-introduction"]);
    expect(readLocalDraft(PAGE, "award-introduction", storage)).toEqual({
      values: typed,
      savedAt: "2026-03-01T02:30:00.000Z",
    });
    // Each record and each form has its own.
    expect(readLocalDraft(PAGE, "track:van-xuan", storage)).toBeNull();
    expect(readLocalDraft(JUROR, "award-introduction", storage)).toBeNull();
  });

  it("reads a draft the news editor kept before it used this module", () => {
    const storage = new MemoryStorage();
    const NEWS = defineLocalDraft({ namespace: "news", fields: ["titleVi", "bodyVi"] });
    storage.setItem(
      "vx-news-draft:new",
      JSON.stringify({
        values: { titleVi: "Bài viết", bodyVi: "[]" },
        savedAt: "2026-02-01T00:00:00.000Z",
      }),
    );
    expect(readLocalDraft(NEWS, "new", storage)?.values).toEqual({
      titleVi: "Bài viết",
      bodyVi: "[]",
    });
  });

  it("reads nothing from what another version or another program wrote there", () => {
    const storage = new MemoryStorage();
    const key = draftStorageKey(JUROR, "5");
    for (const raw of [
      "not json",
      "null",
      JSON.stringify({ values: { name: "An" }, savedAt: "2026-01-01T00:00:00.000Z" }),
      JSON.stringify({
        values: { name: "An", bioVi: "", photoMediaId: 1, isChair: "false" },
        savedAt: "2026-01-01T00:00:00.000Z",
      }),
      JSON.stringify({ values: { name: "An", bioVi: "", photoMediaId: "", isChair: "false" } }),
    ]) {
      storage.setItem(key, raw);
      expect(readLocalDraft(JUROR, "5", storage), raw).toBeNull();
    }
  });

  it("keeps only the listed fields of what it reads", () => {
    const storage = new MemoryStorage();
    storage.setItem(
      draftStorageKey(JUROR, "5"),
      JSON.stringify({
        values: { name: "An", bioVi: "Tiểu sử", photoMediaId: "9", isChair: "true", extra: "x" },
        savedAt: "2026-01-01T00:00:00.000Z",
      }),
    );
    expect(readLocalDraft(JUROR, "5", storage)?.values).toEqual({
      name: "An",
      bioVi: "Tiểu sử",
      photoMediaId: "9",
      isChair: "true",
    });
  });

  it("drops a draft, and leaves the others", () => {
    const storage = new MemoryStorage();
    keepLocalDraft(PAGE, "award-introduction", storedPage, at, storage);
    keepLocalDraft(PAGE, "track:van-xuan", storedPage, at, storage);
    dropLocalDraft(PAGE, "award-introduction", storage);
    expect(readLocalDraft(PAGE, "award-introduction", storage)).toBeNull();
    expect(readLocalDraft(PAGE, "track:van-xuan", storage)).not.toBeNull();
  });

  it("does not fail when the browser's storage is full or off", () => {
    const storage = new FullStorage();
    expect(() => keepLocalDraft(PAGE, "award-introduction", storedPage, at, storage)).not.toThrow();
    expect(readLocalDraft(PAGE, "award-introduction", storage)).toBeNull();
    // No storage at all (localStorage is not there, as on the server).
    expect(() => keepLocalDraft(PAGE, "award-introduction", storedPage, at)).not.toThrow();
    expect(readLocalDraft(PAGE, "award-introduction")).toBeNull();
    expect(() => dropLocalDraft(PAGE, "award-introduction")).not.toThrow();
  });
});

describe("a save that went through", () => {
  const origin = "https://vanxuan-awards.example";
  const redirect = (to: string, status = 302) =>
    new Response(null, { status, headers: { Location: to } });
  const LIST = "/quan-tri/noi-dung/chuyen-gia";

  it("is a redirect into the form's pages, in either language", () => {
    expect(leadsInto(redirect(`${LIST}?year=2025&notice=saved`), LIST, origin)).toBe(true);
    expect(leadsInto(redirect(`/en${LIST}/12`), LIST, origin)).toBe(true);
    expect(leadsInto(redirect(`${origin}${LIST}`, 303), LIST, origin)).toBe(true);
  });

  it("is not the way to the sign-in form, a refusal, or another page", () => {
    const next = encodeURIComponent(`${LIST}/moi?year=2025`);
    expect(leadsInto(redirect(`/quan-tri/dang-nhap?next=${next}`), LIST, origin)).toBe(false);
    expect(leadsInto(redirect(`${LIST}-khac`), LIST, origin)).toBe(false);
    expect(leadsInto(new Response("{}", { status: 400 }), LIST, origin)).toBe(false);
    expect(leadsInto(new Error("network"), LIST, origin)).toBe(false);
  });
});
