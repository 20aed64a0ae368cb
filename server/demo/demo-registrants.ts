import type { Insertable } from "kysely";
import { taxCodeCheckDigit } from "../../core/tax-code";
import type { Database } from "../db/schema";
import type { StorageDriver } from "../modules/storage";

/**
 * The people and companies behind the demo entries: realistic Vietnamese names, companies,
 * addresses, phones and tax codes, drawn from a seeded generator so every install gets the
 * same demo.
 */

/** A small seeded generator (mulberry32): the same seed gives the same demo everywhere. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
    chance: (p: number) => next() < p,
    hex: (length: number) =>
      Array.from({ length }, () => Math.floor(next() * 16).toString(16)).join(""),
  };
}

export type Random = ReturnType<typeof seededRandom>;

/** A random-looking UUID (v4 layout) from the seeded generator. */
export function demoUuid(random: Random): string {
  const h = random.hex(32);
  const variant = ((parseInt(h[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-${variant}${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

const FAMILY = [
  "Nguyễn",
  "Trần",
  "Lê",
  "Phạm",
  "Hoàng",
  "Huỳnh",
  "Phan",
  "Vũ",
  "Võ",
  "Đặng",
  "Bùi",
  "Đỗ",
  "Hồ",
  "Ngô",
  "Dương",
  "Lý",
  "Trịnh",
  "Đinh",
];
const MIDDLE = ["Văn", "Thị", "Minh", "Ngọc", "Thanh", "Quốc", "Hữu", "Thu", "Gia", "Đức", "Hoài"];
const GIVEN = [
  "An",
  "Bình",
  "Châu",
  "Dũng",
  "Giang",
  "Hà",
  "Hải",
  "Hạnh",
  "Hiếu",
  "Hùng",
  "Hương",
  "Khánh",
  "Khoa",
  "Lan",
  "Linh",
  "Long",
  "Mai",
  "My",
  "Nam",
  "Nga",
  "Nhung",
  "Phong",
  "Phúc",
  "Quân",
  "Quỳnh",
  "Sơn",
  "Tâm",
  "Thảo",
  "Trang",
  "Trung",
  "Tú",
  "Tuấn",
  "Uyên",
  "Việt",
  "Vy",
  "Yến",
];

/** Company names as registered: "Công ty TNHH …" or "Công ty Cổ phần …". */
const COMPANY_NAMES = [
  "Truyền thông Sao Việt",
  "Quảng cáo Ánh Dương",
  "Sáng tạo Lạc Hồng",
  "Truyền thông Mặt Trời Mới",
  "Giải pháp Thương hiệu Tân Á",
  "Quảng cáo Đông Dương",
  "Truyền thông Hoa Sen",
  "Sự kiện Thăng Long",
  "Tiếp thị Số Bản Địa",
  "Quảng cáo Phương Nam",
  "Truyền thông Cánh Diều",
  "Sáng tạo Đất Việt",
  "Sản xuất Phim Ngọc Trai",
  "Truyền thông Biển Xanh",
  "Thương hiệu Trường An",
  "Quảng cáo Ngũ Sắc",
  "Truyền thông Gạo Mới",
  "Tiếp thị Nhịp Sống",
  "Sáng tạo Mây Trắng",
  "Quảng cáo Kim Liên",
  "Truyền thông Sông Hàn",
  "Tổ chức Sự kiện Hội An",
  "Thực phẩm Đồng Xanh",
  "Sữa Cao Nguyên",
  "Đồ uống Suối Mát",
  "Bán lẻ Chợ Việt",
  "Ngân hàng số Tiện Lợi",
  "Viễn thông Kết Nối",
  "Mỹ phẩm Thảo Mộc Việt",
  "Du lịch Đất Phương Nam",
  "Cà phê Cao Nguyên Xanh",
  "Thời trang Lụa Hà Đông",
  "Gạo Hạt Ngọc",
  "Nước mắm Biển Đông",
  "Giày dép Bước Tới",
  "Xe điện Xanh Việt",
  "Bảo hiểm An Tâm",
  "Dược phẩm Lá Xanh",
  "Bất động sản Sông Hồng",
  "Giáo dục Ươm Mầm",
  "Ví điện tử Một Chạm",
  "Sản xuất Nội dung Phố Cổ",
  "Truyền thông Lúa Vàng",
  "Quảng cáo Tre Xanh",
  "Tiếp thị Hạt Giống",
  "Sáng tạo Mùa Thu",
  "Truyền thông Sóng Mới",
  "Quảng cáo Đèn Lồng",
  "Sự kiện Cầu Vồng",
  "Giải pháp Số Tầm Nhìn",
];

const STREETS = [
  "Lê Thánh Tôn",
  "Nguyễn Huệ",
  "Hai Bà Trưng",
  "Điện Biên Phủ",
  "Pasteur",
  "Nam Kỳ Khởi Nghĩa",
  "Tràng Tiền",
  "Hàng Bài",
  "Lý Thường Kiệt",
  "Bà Triệu",
  "Kim Mã",
  "Cầu Giấy",
  "Bạch Đằng",
  "Trần Phú",
  "Lê Duẩn",
  "Nguyễn Văn Linh",
];
const PLACES = [
  { district: "Phường Bến Nghé, Quận 1", city: "TP. Hồ Chí Minh", taxPrefix: "03" },
  { district: "Phường Võ Thị Sáu, Quận 3", city: "TP. Hồ Chí Minh", taxPrefix: "03" },
  { district: "Phường Thảo Điền, TP. Thủ Đức", city: "TP. Hồ Chí Minh", taxPrefix: "03" },
  { district: "Phường 12, Quận Tân Bình", city: "TP. Hồ Chí Minh", taxPrefix: "03" },
  { district: "Phường Tràng Tiền, Quận Hoàn Kiếm", city: "Hà Nội", taxPrefix: "01" },
  { district: "Phường Dịch Vọng, Quận Cầu Giấy", city: "Hà Nội", taxPrefix: "01" },
  { district: "Phường Kim Mã, Quận Ba Đình", city: "Hà Nội", taxPrefix: "01" },
  { district: "Phường Hải Châu 1, Quận Hải Châu", city: "Đà Nẵng", taxPrefix: "04" },
  { district: "Phường Máy Tơ, Quận Ngô Quyền", city: "Hải Phòng", taxPrefix: "02" },
  { district: "Phường Xuân Khánh, Quận Ninh Kiều", city: "Cần Thơ", taxPrefix: "18" },
];

const MOBILE_PREFIXES = ["90", "91", "93", "94", "96", "97", "98", "70", "77", "79", "86", "88"];

/** Accent-free, lower-case, dot-separated: "Trần Thu Hà" → "tran.thu.ha". */
function asciiHandle(name: string): string {
  return name
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, "d")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ".")
    .replace(/^\.|\.$/g, "");
}

/** A 10-digit tax code of the province with a valid check digit (core/tax-code.ts). */
export function demoTaxCode(random: Random, provincePrefix: string): string {
  for (;;) {
    const firstNine = `${provincePrefix}${String(random.int(0, 9_999_999)).padStart(7, "0")}`;
    const check = taxCodeCheckDigit(firstNine);
    if (check !== null) return `${firstNine}${check}`;
  }
}

export interface DemoRegistrant {
  type: "individual" | "enterprise";
  /** The person (an individual, or the enterprise's representative). */
  fullName: string;
  email: string;
  lang: "vi" | "en";
  phone: string;
  address: string;
  personalId: string | null;
  companyName: string | null;
  taxCode: string | null;
}

/**
 * `count` registrants, about a third individuals, the rest enterprises (each company once).
 * Emails are `@example.vn` addresses unique within the list.
 */
export function demoRegistrants(random: Random, count: number): DemoRegistrant[] {
  const people: DemoRegistrant[] = [];
  const emails = new Set<string>();
  const companies = [...COMPANY_NAMES];
  for (let i = 0; i < count; i++) {
    const enterprise = companies.length > 0 && i % 3 !== 0;
    const fullName = `${random.pick(FAMILY)} ${random.pick(MIDDLE)} ${random.pick(GIVEN)}`;
    const place = random.pick(PLACES);
    const address = `${random.int(2, 240)} ${random.pick(STREETS)}, ${place.district}, ${place.city}`;
    const phone = `+84${random.pick(MOBILE_PREFIXES)}${String(random.int(0, 9_999_999)).padStart(7, "0")}`;
    let companyName: string | null = null;
    let handle = asciiHandle(fullName);
    if (enterprise) {
      const name = companies.splice(random.int(0, companies.length - 1), 1)[0]!;
      companyName = `${random.chance(0.6) ? "Công ty TNHH" : "Công ty Cổ phần"} ${name}`;
      handle = `${asciiHandle(name).replace(/\./g, "")}.${asciiHandle(fullName).split(".").pop()}`;
    }
    let email = `${handle}@example.vn`;
    for (let n = 2; emails.has(email); n++) email = `${handle}${n}@example.vn`;
    emails.add(email);
    people.push({
      type: enterprise ? "enterprise" : "individual",
      fullName,
      email,
      lang: random.chance(0.12) ? "en" : "vi",
      phone,
      address,
      personalId: enterprise
        ? null
        : `0${random.int(1, 96).toString().padStart(2, "0")}${random.int(0, 3)}${String(random.int(80, 99))}${String(random.int(0, 999_999)).padStart(6, "0")}`,
      companyName,
      taxCode: enterprise ? demoTaxCode(random, place.taxPrefix) : null,
    });
  }
  return people;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString();

/** An account row as better-auth keeps it: native booleans and times on PostgreSQL. */
export function userRow(
  pg: boolean,
  person: { id: string; name: string; email: string; role: string; lang: string; at: Date },
): Insertable<Database["user"]> {
  const at = iso(person.at.getTime());
  return {
    id: person.id,
    name: person.name,
    email: person.email,
    emailVerified: pg ? true : 1,
    image: null,
    createdAt: pg ? new Date(at) : at,
    updatedAt: pg ? new Date(at) : at,
    role: person.role,
    lang: person.lang,
    active: pg ? true : 1,
  };
}

/**
 * The accounts, registrant profiles and licence files of the demo registrants, each joined
 * a few days before their first entry (`firstEntryAt`, or now for one without entries). The
 * licence bytes are stored at once (`stored` settles when they are); no password is set:
 * these accounts never sign in.
 */
export function registrantRows(
  people: readonly (DemoRegistrant & { id: string; firstEntryAt: number })[],
  options: { random: Random; pg: boolean; now: Date; storage: StorageDriver; licence: Buffer },
) {
  const { random, storage, licence } = options;
  const users: Insertable<Database["user"]>[] = [];
  const licences: Insertable<Database["files"]>[] = [];
  const registrants: Insertable<Database["registrants"]>[] = [];
  const stored: Promise<unknown>[] = [];
  for (const person of people) {
    const first = Number.isFinite(person.firstEntryAt)
      ? person.firstEntryAt
      : options.now.getTime();
    const joined = first - random.int(1, 20) * DAY - random.int(0, 23) * HOUR;
    let licenceId: string | null = null;
    if (person.type === "enterprise") {
      const storageKey = random.hex(32);
      // The private files' layout (files/storage.ts): `private/<2 hex>/<key>`.
      stored.push(
        storage.put(`private/${storageKey.slice(0, 2)}/${storageKey}`, licence, {
          contentType: "application/pdf",
        }),
      );
      licenceId = random.hex(22);
      licences.push({
        id: licenceId,
        owner_user_id: person.id,
        purpose: "licence",
        mime: "application/pdf",
        bytes: licence.length,
        storage_key: storageKey,
        created_at: iso(joined),
      });
    }
    users.push(
      userRow(options.pg, {
        id: person.id,
        name: person.fullName,
        email: person.email,
        role: "entrant",
        lang: person.lang,
        at: new Date(joined),
      }),
    );
    registrants.push({
      user_id: person.id,
      type: person.type,
      full_name: person.fullName,
      phone: person.phone,
      address: person.address,
      personal_id: person.personalId,
      company_name: person.companyName,
      business_registration_number: person.taxCode,
      tax_code: person.taxCode,
      licence_file_id: licenceId,
      created_at: iso(joined),
      updated_at: iso(joined),
    });
  }
  return { users, licences, registrants, stored };
}
