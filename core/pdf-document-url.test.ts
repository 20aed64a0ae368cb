import { describe, expect, it } from "vitest";
import { checkDocumentUrl, documentUrl, DOCUMENTS_PREFIX } from "./pdf-document-url";

const ORIGIN = "https://vanxuan.example";
const NAME = "0123456789abcdef0123456789abcdef.pdf";
const PATH = `${DOCUMENTS_PREFIX}${NAME}`;

describe("documentUrl", () => {
  it("is the documents prefix and the stored name", () => {
    expect(documentUrl(NAME)).toBe(PATH);
  });

  it("refuses anything that is not a stored file name", () => {
    expect(() => documentUrl("../app.db")).toThrow(RangeError);
    expect(() => documentUrl("criteria.pdf")).toThrow(RangeError);
  });
});

describe("checkDocumentUrl (the /pdf?file= allow-list)", () => {
  it("accepts our own document paths", () => {
    expect(checkDocumentUrl(PATH, ORIGIN)).toEqual({ ok: true, path: PATH });
    expect(checkDocumentUrl(`  ${PATH} `, ORIGIN)).toEqual({ ok: true, path: PATH });
  });

  it("accepts an absolute URL on our own origin and keeps only its path", () => {
    expect(checkDocumentUrl(`${ORIGIN}${PATH}`, ORIGIN)).toEqual({ ok: true, path: PATH });
    expect(checkDocumentUrl(`${ORIGIN}${PATH}`, `${ORIGIN}/`)).toEqual({ ok: true, path: PATH });
  });

  it("says when no file was given", () => {
    expect(checkDocumentUrl(null, ORIGIN)).toEqual({ ok: false, reason: "missing" });
    expect(checkDocumentUrl(undefined, ORIGIN)).toEqual({ ok: false, reason: "missing" });
    expect(checkDocumentUrl("   ", ORIGIN)).toEqual({ ok: false, reason: "missing" });
  });

  it.each([
    `https://evil.example${PATH}`,
    `http://vanxuan.example${PATH}`,
    `https://vanxuan.example:8443${PATH}`,
    `//evil.example${PATH}`,
    `https://vanxuan.example.evil.example${PATH}`,
    `ftp://vanxuan.example${PATH}`,
    "javascript:alert(1)",
    "data:application/pdf;base64,JVBERi0=",
    "blob:https://vanxuan.example/0b5c",
  ])("refuses another origin: %s", (value) => {
    expect(checkDocumentUrl(value, ORIGIN)).toEqual({ ok: false, reason: "foreign" });
  });

  it.each([
    "/\\evil.example/tai-lieu/x.pdf",
    `/\\evil.example${PATH}`,
    `${PATH}\u0001`,
    "/tai-lieu/",
    "/tai-lieu/criteria.pdf",
    `/tai-lieu/${NAME.toUpperCase()}`,
    `/tai-lieu/../tai-lieu/../app.db`,
    `/tai-lieu/%2e%2e/${NAME}`,
    `/tai-lieu/sub/${NAME}`,
    `/other/${NAME}`,
    `/en${PATH}`,
    `${PATH}?download=1`,
    `${PATH}#page=2`,
    `https://user:pw@vanxuan.example${PATH}`,
    `/${"a".repeat(3000)}`,
  ])("refuses what is not one of our documents: %s", (value) => {
    expect(checkDocumentUrl(value, ORIGIN)).toEqual({ ok: false, reason: "invalid" });
  });

  it("resolves dot segments before checking, so a path that only looks inside is refused", () => {
    expect(checkDocumentUrl(`/tai-lieu/x/../${NAME}`, ORIGIN)).toEqual({ ok: true, path: PATH });
    expect(checkDocumentUrl(`/tai-lieu/../${NAME}`, ORIGIN).ok).toBe(false);
  });

  it("refuses everything when our own origin is unreadable", () => {
    expect(checkDocumentUrl(PATH, "not a url")).toEqual({ ok: false, reason: "invalid" });
  });
});
