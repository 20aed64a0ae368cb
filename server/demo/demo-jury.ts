import type { Kysely } from "kysely";
import type { Database } from "../db/schema";
import { portraitPath } from "./demo-images";

/** Fictional jurors 2023–2025; the first of each year chairs the jury. */
interface DemoJuror {
  name: string;
  role: number;
  org: string;
  years: number;
  field: number;
}

const ROLES: [string, string][] = [
  ["Giám đốc Sáng tạo Điều hành", "Executive Creative Director"],
  ["Giám đốc Sáng tạo", "Creative Director"],
  ["Giám đốc Chiến lược", "Strategy Director"],
  ["Giám đốc Marketing", "Marketing Director"],
  ["Giám đốc Điều hành", "Chief Executive Officer"],
  ["Giảng viên Truyền thông Marketing", "Lecturer in Marketing Communication"],
  ["Đạo diễn phim quảng cáo", "Commercial film director"],
  ["Giám đốc Thương hiệu", "Brand Director"],
  ["Nhà sáng lập", "Founder"],
  ["Giám đốc Truyền thông số", "Head of Digital"],
];

const FIELDS: [string, string][] = [
  ["hàng tiêu dùng nhanh", "fast-moving consumer goods"],
  ["ngân hàng và tài chính", "banking and finance"],
  ["công nghệ và viễn thông", "technology and telecoms"],
  ["du lịch và khách sạn", "travel and hospitality"],
  ["bán lẻ", "retail"],
  ["giáo dục và xã hội", "education and social causes"],
];

const JURY: Record<number, DemoJuror[]> = {
  2025: [
    { name: "Nguyễn Minh Châu", role: 0, org: "Sao Mai Creative", years: 22, field: 0 },
    { name: "Trần Quốc Bảo", role: 1, org: "Hạt Giống Agency", years: 15, field: 2 },
    { name: "Lê Thu Hà", role: 2, org: "Mây Trắng Communications", years: 14, field: 1 },
    { name: "Phạm Đức Anh", role: 3, org: "Công ty CP Thực phẩm Hồng Hà", years: 12, field: 0 },
    {
      name: "Hoàng Ngọc Lan",
      role: 5,
      org: "Trường Đại học Truyền thông Phương Nam",
      years: 18,
      field: 5,
    },
    { name: "Vũ Thanh Tùng", role: 6, org: "Lam Sơn Films", years: 16, field: 3 },
    { name: "Đặng Mai Phương", role: 7, org: "Tập đoàn Bán lẻ Phú Gia", years: 11, field: 4 },
    { name: "Bùi Hải Nam", role: 9, org: "Bến Nghé Digital", years: 10, field: 2 },
    { name: "Đỗ Khánh Linh", role: 8, org: "Cánh Diều Studio", years: 9, field: 5 },
    { name: "Ngô Gia Huy", role: 1, org: "Đồng Lúa Advertising", years: 13, field: 0 },
    { name: "Dương Thảo Vy", role: 2, org: "Trăng Non Strategy", years: 8, field: 3 },
    { name: "Lý Hoàng Long", role: 4, org: "Sông Hàn Media", years: 20, field: 1 },
    { name: "Trịnh Bích Ngọc", role: 3, org: "Ngân hàng Thương mại Gia Định", years: 12, field: 1 },
  ],
  2024: [
    { name: "Phan Anh Tuấn", role: 0, org: "Đồng Lúa Advertising", years: 24, field: 0 },
    { name: "Hồ Thị Thanh Hương", role: 4, org: "Mây Trắng Communications", years: 19, field: 1 },
    { name: "Võ Minh Khoa", role: 1, org: "Sao Mai Creative", years: 12, field: 2 },
    { name: "Tạ Quỳnh Anh", role: 2, org: "Hạt Giống Agency", years: 10, field: 5 },
    { name: "Lưu Đức Thắng", role: 6, org: "Phim Quảng cáo Hải Âu", years: 17, field: 3 },
    { name: "Mai Hồng Nhung", role: 3, org: "Công ty CP Đồ uống Suối Mát", years: 11, field: 0 },
    { name: "Châu Tuấn Kiệt", role: 9, org: "Bến Nghé Digital", years: 9, field: 2 },
    { name: "Cao Thùy Dương", role: 7, org: "Tập đoàn Bán lẻ Phú Gia", years: 13, field: 4 },
    { name: "La Văn Hiếu", role: 5, org: "Học viện Báo chí Bắc Hà", years: 21, field: 5 },
    { name: "Kiều Phương Thảo", role: 8, org: "Cánh Diều Studio", years: 8, field: 3 },
    { name: "Quách Bảo Ngân", role: 1, org: "Trăng Non Strategy", years: 10, field: 1 },
    { name: "Tô Minh Trí", role: 2, org: "Sông Hàn Media", years: 14, field: 4 },
    { name: "Nguyễn Hà My", role: 9, org: "Ví điện tử Sen Vàng", years: 7, field: 2 },
  ],
  2023: [
    { name: "Lâm Quốc Việt", role: 0, org: "Mây Trắng Communications", years: 25, field: 1 },
    { name: "Trương Ngọc Ánh", role: 1, org: "Hạt Giống Agency", years: 14, field: 0 },
    { name: "Đinh Công Sơn", role: 6, org: "Lam Sơn Films", years: 20, field: 3 },
    { name: "Hà Kim Oanh", role: 3, org: "Công ty CP Sữa Đồng Xanh", years: 12, field: 0 },
    { name: "Văn Đức Trọng", role: 2, org: "Sao Mai Creative", years: 11, field: 2 },
    {
      name: "Từ Diệu Linh",
      role: 5,
      org: "Trường Đại học Truyền thông Phương Nam",
      years: 16,
      field: 5,
    },
    { name: "Ông Thế Vinh", role: 4, org: "Đồng Lúa Advertising", years: 23, field: 4 },
    { name: "Nghiêm Xuân Mai", role: 7, org: "Hãng hàng không Cánh Én", years: 13, field: 3 },
    { name: "Bạch Tuấn Anh", role: 9, org: "Bến Nghé Digital", years: 9, field: 2 },
    { name: "Lạc Thanh Tâm", role: 8, org: "Xưởng Ý Tưởng Mười Hai", years: 10, field: 5 },
    { name: "Giang Mỹ Duyên", role: 1, org: "Trăng Non Strategy", years: 8, field: 4 },
    { name: "Thái Hoàng Phúc", role: 2, org: "Sông Hàn Media", years: 15, field: 1 },
    { name: "Mạc Lan Chi", role: 3, org: "Tập đoàn Bán lẻ Phú Gia", years: 12, field: 4 },
  ],
};

function juryBio(j: DemoJuror, year: number, chair: boolean): { vi: string; en: string } {
  const [fieldVi, fieldEn] = FIELDS[j.field] ?? FIELDS[0]!;
  const vi =
    `${j.name} có ${j.years} năm kinh nghiệm trong ngành quảng cáo và truyền thông, ` +
    `từng dẫn dắt nhiều chiến dịch cho các thương hiệu Việt Nam trong lĩnh vực ${fieldVi}.` +
    (chair ? ` Chủ tịch Hội đồng giám khảo Vạn Xuân ${year}.` : "");
  const en =
    `${j.name} has ${j.years} years of experience in advertising and communication and has ` +
    `led many campaigns for Vietnamese brands in ${fieldEn}.` +
    (chair ? ` Chair of the ${year} Van Xuan jury.` : "");
  return { vi, en };
}

export async function insertDemoJury(trx: Kysely<Database>, stamp: string): Promise<void> {
  for (const [year, members] of Object.entries(JURY)) {
    for (const [i, j] of members.entries()) {
      const chair = i === 0;
      const bio = juryBio(j, Number(year), chair);
      const [titleVi, titleEn] = ROLES[j.role] ?? ROLES[0]!;
      await trx
        .insertInto("jury_members")
        .values({
          year: Number(year),
          name: j.name,
          title_vi: titleVi,
          title_en: titleEn,
          organisation: j.org,
          bio_vi: bio.vi,
          bio_en: bio.en,
          photo: portraitPath(j.name, i + Number(year)),
          is_chair: chair ? 1 : 0,
          sort_order: i,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }
  }
}
