import { afterAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../db/database";
import { testDatabases } from "../test-support/databases";
import { seedDemoContent } from "./demo-content";

// The Vạn Xuân track page says what the criteria PDFs and PRODUCT §4 say: six criteria,
// each scored 1–10, the total a weighted sum (30/20/15/15/10/10).

const sqlite = testDatabases()[0]!;
afterAll(() => sqlite.cleanup());

/** Every piece of text in a stored block list, in order. */
const texts = (json: string): string[] => {
  const out: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === "string") out.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === "object") Object.values(value).forEach(walk);
  };
  walk(JSON.parse(json));
  return out;
};

describe("the Van Xuan track page's criteria", () => {
  it("lists the six criteria scored 1–10 in both languages, and no old weights", async () => {
    const db = await sqlite.open();
    await migrateToLatest(db);
    await seedDemoContent(db, new Date("2026-09-01T03:00:00.000Z"));
    const page = await db.kysely
      .selectFrom("content_pages")
      .select(["body_vi", "body_en"])
      .where("key", "=", "track:van-xuan")
      .executeTakeFirstOrThrow();
    const vi = texts(page.body_vi).join("\n");
    const en = texts(page.body_en).join("\n");
    for (const line of [
      "sáu tiêu chí",
      "từ 1 đến 10 điểm",
      "Ý tưởng sáng tạo: mới, độc đáo, ấn tượng (30%)",
      "Thông điệp rõ ràng, dễ nhớ (20%)",
      "Chất lượng hình ảnh và âm thanh (15%)",
      "Khả năng ghi nhớ thương hiệu, sản phẩm (15%)",
      "Trách nhiệm với xã hội và môi trường (10%)",
      "Bản sắc văn hoá Việt Nam (10%)",
    ]) {
      expect(vi).toContain(line);
    }
    for (const line of [
      "six criteria",
      "from 1 to 10 points",
      "Creative idea: new, unique, impressive (30%)",
      "A clear, memorable message (20%)",
      "Image and sound quality (15%)",
      "Brand and product recall (15%)",
      "Social and environmental responsibility (10%)",
      "Vietnamese cultural identity (10%)",
    ]) {
      expect(en).toContain(line);
    }
    expect(`${vi}\n${en}`).not.toMatch(/40 ?%|ba tiêu chí|three criteria/);
  });
});
