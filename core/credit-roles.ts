import type { Lang } from "./languages";
import { foldForSearch } from "./search-text";

/**
 * The roles credits name most often, in both languages. Entrants type a role in one
 * language; the entry form suggests these (a role typed otherwise stays as typed), and the
 * public library shows a known role in the page's language — "Đạo diễn" reads "Director" on
 * the English page — and any other role as the entrant wrote it.
 */
export const CREDIT_ROLES: Readonly<Record<"companies" | "people", readonly CreditRole[]>> = {
  companies: [
    { vi: "Đơn vị thực hiện", en: "Entrant company" },
    { vi: "Agency sáng tạo", en: "Creative agency" },
    { vi: "Nhà quảng cáo", en: "Advertiser" },
    { vi: "Agency truyền thông", en: "Media agency" },
    { vi: "Agency quan hệ công chúng", en: "PR agency" },
    { vi: "Agency kỹ thuật số", en: "Digital agency" },
    { vi: "Công ty sản xuất", en: "Production company" },
    { vi: "Hậu kỳ", en: "Post-production" },
    { vi: "Sản xuất âm nhạc", en: "Music production" },
    { vi: "Tổ chức sự kiện", en: "Event agency" },
  ],
  people: [
    { vi: "Giám đốc sáng tạo", en: "Creative director" },
    { vi: "Giám đốc sáng tạo điều hành", en: "Executive creative director" },
    { vi: "Giám đốc nghệ thuật", en: "Art director" },
    { vi: "Người viết quảng cáo", en: "Copywriter" },
    { vi: "Biên kịch", en: "Scriptwriter" },
    { vi: "Đạo diễn", en: "Director" },
    { vi: "Nhà sản xuất", en: "Producer" },
    { vi: "Quay phim", en: "Director of photography" },
    { vi: "Dựng phim", en: "Editor" },
    { vi: "Âm nhạc", en: "Music" },
    { vi: "Thiết kế", en: "Designer" },
    { vi: "Hoạch định chiến lược", en: "Strategic planner" },
    { vi: "Quản lý dự án", en: "Project manager" },
    { vi: "Quản lý khách hàng", en: "Account manager" },
    { vi: "Giám đốc thương hiệu", en: "Brand manager" },
    { vi: "Giám đốc marketing", en: "Marketing director" },
    { vi: "Nhiếp ảnh", en: "Photographer" },
  ],
};

export interface CreditRole {
  vi: string;
  en: string;
}

const KNOWN = new Map(
  [...CREDIT_ROLES.companies, ...CREDIT_ROLES.people].flatMap((role) => [
    [foldForSearch(role.vi), role] as const,
    [foldForSearch(role.en), role] as const,
  ]),
);

/**
 * A credit's role as a page in `lang` shows it: a known role (in either language, any case,
 * with or without Vietnamese marks) in `lang`, any other role as typed.
 */
export function creditRoleIn(role: string, lang: Lang): string {
  const known = KNOWN.get(foldForSearch(role));
  return known ? known[lang] : role;
}
