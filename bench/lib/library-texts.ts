import { demoCredits, demoEntryText } from "../../server/demo/demo-entry-texts";
import type { Random } from "../../server/demo/demo-registrants";

// Texts of the library benchmark's entries (bench/library-search.bench.ts): the demo's titles
// and descriptions, varied with places, themes, generated brands and people so 50,000 entries
// do not repeat a few dozen documents (a search index behaves differently on repeats).

const PLACES = [
  "Hà Nội",
  "Sài Gòn",
  "Đà Nẵng",
  "Huế",
  "Cần Thơ",
  "Hải Phòng",
  "Đông Anh",
  "Sóc Trăng",
  "Phú Quốc",
  "Hội An",
  "Đà Lạt",
  "Nha Trang",
  "Quảng Ninh",
  "Bắc Ninh",
  "Đồng Tháp",
  "Lào Cai",
  "Mộc Châu",
  "Tây Nguyên",
  "miền Tây",
  "phố cổ",
];
const THEMES = [
  { vi: "mùa xuân", en: "spring" },
  { vi: "ngày Tết", en: "Tết" },
  { vi: "gia đình", en: "family" },
  { vi: "tuổi trẻ", en: "youth" },
  { vi: "môi trường", en: "the environment" },
  { vi: "ẩm thực đường phố", en: "street food" },
  { vi: "nông thôn mới", en: "new countryside" },
  { vi: "chuyển đổi số", en: "digital transformation" },
  { vi: "sức khỏe cộng đồng", en: "public health" },
  { vi: "bình đẳng giới", en: "gender equality" },
  { vi: "văn hóa đọc", en: "reading culture" },
  { vi: "an toàn giao thông", en: "road safety" },
];
const CHANNELS = [
  "truyền hình",
  "mạng xã hội",
  "quảng cáo ngoài trời",
  "điểm bán",
  "báo điện tử",
  "podcast",
  "livestream",
  "sự kiện trải nghiệm",
];
const BRAND_FIRST = ["Sữa", "Trà", "Cà phê", "Bánh", "Nước mắm", "Gạo", "Bia", "Mỹ phẩm", "Giày"];
const BRAND_SECOND = ["Sen Vàng", "Đông Á", "Mặt Trời", "Hồng Lam", "Phương Đông", "Núi Ngọc"];
const SURNAMES = ["Nguyễn", "Trần", "Lê", "Phạm", "Hoàng", "Vũ", "Đặng", "Bùi", "Đỗ", "Hồ"];
const MIDDLE = ["Thị", "Văn", "Minh", "Thu", "Quốc", "Hoài", "Đức", "Ngọc"];
const GIVEN = ["An", "Bình", "Chi", "Dũng", "Giang", "Hà", "Khánh", "Linh", "Nam", "Phương"];
const AGENCIES = ["Mây Trắng", "Ý Tưởng Việt", "Đông Tây", "Cầu Vồng", "Sóng Mới", "Lửa Hồng"];

/** A word that is in exactly a few entries: the "rare word" query of the benchmark. */
export const RARE_WORD = "khinh khí cầu";
/** Every this many entries carries the rare word. */
const RARE_EVERY = 12_500;

export interface BenchEntryText {
  brand: string;
  title: string;
  descriptionVi: string;
  descriptionEn: string;
  credits: string;
}

export function benchEntryText(
  random: Random,
  index: number,
  trackCode: string,
  year: number,
): BenchEntryText {
  const base = demoEntryText(random, trackCode, year);
  const place = random.pick(PLACES);
  const theme = random.pick(THEMES);
  const brand = random.chance(0.4)
    ? `${random.pick(BRAND_FIRST)} ${random.pick(BRAND_SECOND)}`
    : base.brand;
  const title = random.chance(0.5)
    ? `${base.title} ở ${place}`
    : random.chance(0.5)
      ? `${base.title}: ${theme.vi}`
      : base.title;
  const rare =
    index % RARE_EVERY === 7 ? ` Hình ảnh chủ đạo là chiếc ${RARE_WORD} bay trên ${place}.` : "";
  const person = `${random.pick(SURNAMES)} ${random.pick(MIDDLE)} ${random.pick(GIVEN)}`;
  const agency = random.chance(0.7) ? `Công ty Quảng cáo ${random.pick(AGENCIES)}` : null;
  return {
    brand,
    title,
    descriptionVi:
      `${base.descriptionVi} Chủ đề ${theme.vi} được kể qua ${random.pick(CHANNELS)} và ` +
      `${random.pick(CHANNELS)}, bắt đầu từ ${place}.${rare}`,
    descriptionEn: `${base.descriptionEn} The theme of ${theme.en} ran on several channels.`,
    credits: JSON.stringify(demoCredits(random, agency, person)),
  };
}
