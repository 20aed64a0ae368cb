import { checkbox } from "./form-fields";
import { describe, expect, it } from "vitest";
import {
  contentPageSchema,
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
    expect(contentPageSchema.parse({ key: "award-introduction" }).bodyVi).toEqual([]);
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
