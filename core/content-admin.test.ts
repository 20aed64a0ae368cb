import { checkbox } from "./form-fields";
import { describe, expect, it } from "vitest";
import {
  CRITERIA_PDF_RULES,
  contentPageSchema,
  criteriaDocumentFormSchema,
  pageHasTitle,
  SUMMARY_MAX,
  juryMemberSchema,
  richTextField,
  safeImagePath,
  winnerSchema,
} from "./content-admin";

describe("content admin schemas", () => {
  it("keeps same-site image paths only", () => {
    expect(safeImagePath("")).toBe("");
    expect(safeImagePath(" /media/0123456789abcdef01234567/w960.jpg ")).toBe(
      "/media/0123456789abcdef01234567/w960.jpg",
    );
    for (const bad of [
      "javascript:alert(1)",
      "//evil.example/a.png",
      "https://evil.example/a.png",
      "data:image/svg+xml,<svg onload=alert(1)>",
      "/a/../../etc/passwd",
      '/a.png" onerror="alert(1)',
      "/a b.png",
    ]) {
      expect(safeImagePath(bad), bad).toBeNull();
    }
  });

  it("reads a checkbox from the browser form and from a posted form", () => {
    expect(checkbox.parse(true)).toBe(true);
    expect(checkbox.parse("on")).toBe(true);
    expect(checkbox.parse(undefined)).toBe(false);
    expect(checkbox.parse(false)).toBe(false);
    expect(checkbox.parse("")).toBe(false);
  });

  it("turns a posted body into allow-listed blocks, whatever arrives", () => {
    expect(richTextField.parse("not json")).toEqual([]);
    expect(richTextField.parse(undefined)).toEqual([]);
    expect(
      richTextField.parse(
        JSON.stringify([
          { type: "script", text: "alert(1)" },
          { type: "quote", text: "Sáng tạo", style: "color:red" },
        ]),
      ),
    ).toEqual([{ type: "quote", text: "Sáng tạo" }]);
    expect(
      contentPageSchema.parse({ key: "award-introduction", titleVi: "Giới thiệu" }).bodyVi,
    ).toEqual([]);
  });

  it("requires the introduction's Vietnamese title; a track page has no title of its own", () => {
    const intro = contentPageSchema.safeParse({
      key: "award-introduction",
      titleVi: "  ",
      titleEn: "About",
    });
    expect(intro.success).toBe(false);
    expect(intro.error?.issues).toEqual([
      expect.objectContaining({ path: ["titleVi"], message: "validation.required" }),
    ]);
    // Reported together with the other fields' problems, not after them.
    const both = contentPageSchema.safeParse({
      key: "award-introduction",
      summaryVi: "x".repeat(SUMMARY_MAX + 1),
    });
    expect(both.error?.issues.map((issue) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["titleVi", "summaryVi"]),
    );
    expect(
      contentPageSchema.parse({ key: "award-introduction", titleVi: "Giới thiệu" }).titleVi,
    ).toBe("Giới thiệu");
    // The track page's heading is the track's name (seasons' category tree): a posted title is dropped.
    expect(pageHasTitle("award-introduction")).toBe(true);
    expect(pageHasTitle("track:van-xuan")).toBe(false);
    const track = contentPageSchema.parse({
      key: "track:van-xuan",
      titleVi: "Bỏ qua",
      titleEn: "x",
    });
    expect(track).toMatchObject({ titleVi: "", titleEn: "" });
  });

  it("cleans text the way people mean it", () => {
    const juror = juryMemberSchema.parse({
      year: "2025",
      name: "  Ngô\u0020\u0020Bảo   Châu ",
      organisation: "Cafe\u0301 Sài Gòn",
      sortOrder: "3",
    });
    expect(juror).toMatchObject({
      year: 2025,
      name: "Ngô Bảo Châu",
      organisation: "Café Sài Gòn",
      sortOrder: 3,
      isChair: false,
      photo: "",
      photoMediaId: null,
    });
  });

  it("accepts a winner with a tree category or a free label, and canonical video links", () => {
    const winner = winnerSchema.parse({
      year: 2024,
      title: "Tết",
      categoryId: "12",
      prize: "grand_prix",
      videoUrl: "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      entryRef: " VX24-TVC-001 ",
    });
    expect(winner).toMatchObject({
      categoryId: 12,
      videoUrl: "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      entryRef: "VX24-TVC-001",
    });
    expect(
      winnerSchema.safeParse({
        year: 2024,
        title: "Tết",
        categoryLabelVi: "Giải riêng",
        prize: "gold",
      }).success,
    ).toBe(true);
  });
});

describe("the criteria document upload form", () => {
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);
  const problemOf = (value: unknown) => {
    const parsed = criteriaDocumentFormSchema.safeParse({
      year: "2026",
      lang: "vi",
      title: "",
      ...(value === undefined ? {} : { file: value }),
    });
    return parsed.success
      ? null
      : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
  };

  it("asks for a file when none was chosen (the empty part a browser posts, or no part at all)", () => {
    for (const nothing of [file("", 0), undefined, "", null]) {
      expect(problemOf(nothing)).toEqual(["file: adminContent.errors.documentMissing"]);
    }
  });

  it("says a chosen file without bytes is empty, one over 50 MB too large, and takes the rest", () => {
    expect(problemOf(file("tieu-chi.pdf", 0))).toEqual(["file: adminContent.errors.documentEmpty"]);
    const tooLarge = {
      name: "lon.pdf",
      size: CRITERIA_PDF_RULES.maxBytes + 1,
      arrayBuffer: () => Promise.resolve(new ArrayBuffer(0)),
    };
    expect(problemOf(tooLarge)).toEqual(["file: adminContent.errors.documentTooLarge"]);
    const chosen = file("tieu-chi.pdf", 10);
    const parsed = criteriaDocumentFormSchema.parse({
      year: "2026",
      lang: "en",
      title: "",
      file: chosen,
    });
    expect(parsed.file).toBe(chosen);
    expect(parsed.year).toBe(2026);
  });
});
