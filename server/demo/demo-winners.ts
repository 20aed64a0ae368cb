import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { coverPath } from "./demo-images";

/** Category code → prizes awarded in it each demo year (ten in TVC+TVW: the list pages). */
const WINNER_PLAN: [string, string[]][] = [
  ["GPX", ["grand_prix"]],
  ["TVC", ["gold", "silver", "silver", "bronze", "bronze"]],
  ["TVW", ["gold", "silver", "bronze", "bronze", "bronze"]],
  ["OLC", ["gold", "silver"]],
  ["OLW", ["gold", "bronze"]],
  ["OOH", ["silver"]],
  ["COM", ["gold"]],
  ["EVT", ["silver"]],
  ["CCP", ["bronze"]],
  ["AGC", ["first", "second"]],
  ["BRD", ["first"]],
  ["TAL", ["first", "second", "third"]],
  ["AMB", ["first"]],
];

const WORK_TITLES = [
  "Tết này con về",
  "Bữa cơm sum vầy",
  "Xanh từ gốc rễ",
  "Những bước chân đầu tiên",
  "Hạt gạo làng ta",
  "Sóng nhỏ, ước mơ lớn",
  "Chuyến xe cuối ngày",
  "Thắp sáng bản làng",
  "Một triệu cái ôm",
  "Tiếng rao phố cũ",
  "Mẹ ơi, con đã lớn",
  "Đường về nhà",
  "Giọt nước cho em",
  "Ô cửa sổ xanh",
  "Vị quê trong phố",
  "Nụ cười mùa lũ",
  "Cánh diều tuổi thơ",
  "Ngày mai trời lại sáng",
  "Chạm để kết nối",
  "Bình minh trên biển",
];

const BRANDS = [
  "Sữa Đồng Xanh",
  "Trà Mộc Lan",
  "Ngân hàng Gia Định",
  "Ví điện tử Sen Vàng",
  "Nước mắm Ba Làng",
  "Hãng hàng không Cánh Én",
  "Siêu thị Phú Gia",
  "Xe máy điện Lướt Gió",
  "Cà phê Đất Đỏ",
  "Viễn thông Sóng Việt",
];

const AGENCIES = [
  "Sao Mai Creative",
  "Hạt Giống Agency",
  "Mây Trắng Communications",
  "Đồng Lúa Advertising",
  "Bến Nghé Digital",
  "Cánh Diều Studio",
  "Sông Hàn Media",
  "Xưởng Ý Tưởng Mười Hai",
];

const TALENTS = [
  "Phạm Gia Bảo",
  "Lương Thu Trang",
  "Đoàn Nhật Minh",
  "Hứa Khánh Vân",
  "Tăng Quốc Đạt",
  "Ninh Hải Yến",
  "Khúc Thành Luân",
  "Lò Thị Mai",
];

/** The demo winners of one year, by the plan above, in that year's categories. */
export async function insertDemoWinners(
  trx: Kysely<Database>,
  year: number,
  stamp: string,
): Promise<void> {
  const categories = await trx
    .selectFrom("categories as c")
    .innerJoin("category_groups as g", "g.id", "c.group_id")
    .innerJoin("tracks as t", "t.id", "g.track_id")
    .innerJoin("seasons as s", "s.id", "t.season_id")
    .select([
      "c.id",
      "c.code",
      "c.name_vi",
      "c.name_en",
      "g.name_vi as group_vi",
      "g.name_en as group_en",
    ])
    .where("s.year", "=", year)
    .execute();
  let n = 0;
  for (const [code, prizes] of WINNER_PLAN) {
    const category = categories.find((c) => c.code === code);
    for (const prize of prizes) {
      const person = code === "TAL" || code === "AMB";
      const seed = n + (year - 2000) * 3;
      await trx
        .insertInto("winners")
        .values({
          year,
          category_id: category?.id ?? null,
          entry_id: null,
          title: person
            ? TALENTS[seed % TALENTS.length]!
            : code === "AGC"
              ? AGENCIES[seed % AGENCIES.length]!
              : code === "BRD"
                ? BRANDS[seed % BRANDS.length]!
                : WORK_TITLES[seed % WORK_TITLES.length]!,
          brand: person || code === "AGC" || code === "BRD" ? "" : BRANDS[seed % BRANDS.length]!,
          agency: code === "AGC" || code === "BRD" ? "" : AGENCIES[(seed * 3) % AGENCIES.length]!,
          category_label_vi: category ? `${category.group_vi} – ${category.name_vi}` : "",
          category_label_en: category ? `${category.group_en} – ${category.name_en}` : "",
          prize,
          image: coverPath(200 + seed),
          video_url: null,
          sort_order: n,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
      n++;
    }
  }
}
