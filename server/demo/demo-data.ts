import type { Kysely } from "kysely";
import { dayInVietnam } from "../../core/dates";
import { DEFAULT_PAYMENT_SETTINGS, type SiteSettings } from "../../core/site-settings";
import type { Db } from "../db/database";
import { seedOnce } from "./seed-once";
import type { Database } from "../db/schema";

/**
 * Demo data for a new install (PRODUCT §2): seasons 2023–2026 with 2026 open for submission,
 * the three tracks, a bilingual category tree and site settings. Loaded once: a marker row
 * in site_settings makes a second run a no-op.
 */
const MARKER = "demo.loaded";

interface DemoCategory {
  slug: string;
  code: string;
  vi: string;
  en: string;
  descVi: string;
  descEn: string;
  fee: number;
  video?: boolean;
  individual?: boolean;
  enterprise?: boolean;
}

interface DemoGroup {
  slug: string;
  vi: string;
  en: string;
  categories: DemoCategory[];
}

interface DemoTrack {
  slug: string;
  code: string;
  vi: string;
  en: string;
  taglineVi: string;
  taglineEn: string;
  groups: DemoGroup[];
}

const campaign = (code: string, video = true): DemoCategory => ({
  slug: "campaigns",
  code,
  vi: "Chiến dịch",
  en: "Campaigns",
  descVi:
    "Chiến dịch quảng cáo tích hợp, triển khai trong mùa giải, đánh giá trên toàn bộ hành trình.",
  descEn: "An integrated advertising campaign run during the season, judged on its whole journey.",
  fee: 3_000_000,
  video,
  individual: false,
});

const creativeWork = (code: string, video = false): DemoCategory => ({
  slug: "creative-works",
  code,
  vi: "Tác phẩm sáng tạo",
  en: "Creative works",
  descVi: "Một tác phẩm quảng cáo đơn lẻ có ý tưởng nổi bật và chất lượng thực hiện cao.",
  descEn: "A single advertising piece with a standout idea and high production quality.",
  fee: 2_000_000,
  video,
});

export const DEMO_TRACKS: DemoTrack[] = [
  {
    slug: "van-xuan",
    code: "VX",
    vi: "Giải Vạn Xuân",
    en: "Van Xuan Award",
    taglineVi: "Tôn vinh những tác phẩm và chiến dịch quảng cáo sáng tạo nhất trong năm.",
    taglineEn: "Honouring the year's most creative advertising works and campaigns.",
    groups: [
      {
        slug: "television",
        vi: "Truyền hình",
        en: "Television",
        categories: [campaign("TVC"), creativeWork("TVW", true)],
      },
      {
        slug: "online",
        vi: "Trực tuyến",
        en: "Online",
        categories: [campaign("OLC"), creativeWork("OLW")],
      },
      {
        slug: "outdoor",
        vi: "Quảng cáo ngoài trời",
        en: "Outdoor advertising",
        categories: [creativeWork("OOH")],
      },
      {
        slug: "communication",
        vi: "Truyền thông",
        en: "Communication",
        categories: [campaign("COM", false)],
      },
      {
        slug: "event-activations",
        vi: "Sự kiện / Kích hoạt thương hiệu",
        en: "Events / Activations",
        categories: [
          {
            slug: "events",
            code: "EVT",
            vi: "Sự kiện",
            en: "Events",
            descVi:
              "Sự kiện, hoạt động kích hoạt thương hiệu tạo tương tác trực tiếp với công chúng.",
            descEn: "Events and brand activations that engage the public in person.",
            fee: 2_500_000,
            individual: false,
          },
        ],
      },
      {
        slug: "creative-concepts",
        vi: "Ý tưởng sáng tạo",
        en: "Creative concepts",
        categories: [
          {
            slug: "creative-works",
            code: "CCP",
            vi: "Ý tưởng chưa triển khai",
            en: "Unproduced concepts",
            descVi:
              "Ý tưởng quảng cáo chưa được thực hiện, trình bày bằng kịch bản, phác thảo hoặc bản dựng thử.",
            descEn:
              "An advertising idea not yet produced, presented as a script, sketches or a mock-up.",
            fee: 1_000_000,
          },
        ],
      },
      {
        slug: "grand-prix",
        vi: "Giải thưởng lớn",
        en: "Grand Prix",
        categories: [
          {
            ...campaign("GPX"),
            descVi: "Chiến dịch xuất sắc nhất của năm, chọn từ các bài thi đạt giải vàng.",
            descEn: "The campaign of the year, chosen from the gold winners.",
            fee: 5_000_000,
          },
        ],
      },
    ],
  },
  {
    slug: "van-xuan-classic",
    code: "VXC",
    vi: "Giải Vạn Xuân Classic",
    en: "Van Xuan Classic Award",
    taglineVi: "Vinh danh các công ty quảng cáo và thương hiệu có đóng góp bền bỉ cho ngành.",
    taglineEn: "Recognising agencies and brands with a lasting contribution to the industry.",
    groups: [
      {
        slug: "company",
        vi: "Doanh nghiệp",
        en: "Company",
        categories: [
          {
            slug: "agencies",
            code: "AGC",
            vi: "Công ty quảng cáo của năm",
            en: "Agency of the year",
            descVi:
              "Công ty quảng cáo có danh mục tác phẩm và kết quả kinh doanh ấn tượng nhất trong năm.",
            descEn: "The agency with the year's most impressive body of work and business results.",
            fee: 4_000_000,
            individual: false,
          },
          {
            slug: "brands",
            code: "BRD",
            vi: "Thương hiệu sáng tạo của năm",
            en: "Creative brand of the year",
            descVi:
              "Thương hiệu đầu tư nhất quán vào sáng tạo và tạo dấu ấn với người tiêu dùng Việt.",
            descEn:
              "The brand that invested consistently in creativity and left its mark on Vietnamese consumers.",
            fee: 4_000_000,
            individual: false,
          },
        ],
      },
    ],
  },
  {
    slug: "van-xuan-stars",
    code: "VXS",
    vi: "Giải Vạn Xuân Stars",
    en: "Van Xuan Stars Award",
    taglineVi: "Tìm kiếm và nâng đỡ những tài năng sáng tạo trẻ của Việt Nam.",
    taglineEn: "Finding and supporting Vietnam's young creative talent.",
    groups: [
      {
        slug: "talents",
        vi: "Tài năng",
        en: "Talents",
        categories: [
          {
            slug: "talents",
            code: "TAL",
            vi: "Tài năng sáng tạo trẻ",
            en: "Young creative talent",
            descVi: "Người làm sáng tạo dưới 30 tuổi với những tác phẩm nổi bật trong năm.",
            descEn: "A creative under 30 with outstanding work during the year.",
            fee: 500_000,
            enterprise: false,
          },
          {
            slug: "ambassadors",
            code: "AMB",
            vi: "Đại sứ thương hiệu",
            en: "Brand ambassadors",
            descVi:
              "Gương mặt đại diện góp phần lan toả thông điệp của thương hiệu một cách sáng tạo.",
            descEn: "A face of a brand who spread its message in a creative way.",
            fee: 1_000_000,
          },
        ],
      },
    ],
  },
];

/** Vietnam is UTC+7 all year: a local midnight is 17:00 UTC the day before. */
const vnMidnight = (date: string) => new Date(`${date}T00:00:00+07:00`).toISOString();
export const vnEndOfDay = (date: string) => new Date(`${date}T23:59:59+07:00`).toISOString();

/**
 * Whether the server may load the demo data into `db` at start: a demo install (its marker is
 * there, and loading goes on where it stopped) or a new, empty database. Never a real site's
 * data (accounts or seasons without the marker): a start with DEMO_DATA left on by mistake —
 * SQLite's default, a restored real site started without its settings — would otherwise add
 * the demo seasons, entries and staff accounts, their passwords printed, to the real ones.
 */
export async function demoDataWelcome(db: Db): Promise<boolean> {
  const marker = await db.kysely
    .selectFrom("site_settings")
    .select("key")
    .where("key", "=", MARKER)
    .executeTakeFirst();
  if (marker) return true;
  const account = await db.kysely.selectFrom("user").select("id").limit(1).executeTakeFirst();
  const season = await db.kysely.selectFrom("seasons").select("id").limit(1).executeTakeFirst();
  return !account && !season;
}

/** The Vietnam day `days` after `at`, as YYYY-MM-DD. */
const vnDayAfter = (at: number, days: number) => dayInVietnam(new Date(at + days * 86_400_000));

function demoSeasons(now: Date) {
  // The open demo season stays open for a while after install, whatever the date; it closes at
  // the end of a day, as organisers set deadlines.
  const closes2026 = new Date(
    Math.max(
      Date.parse(vnEndOfDay("2026-12-31")),
      Date.parse(vnEndOfDay(vnDayAfter(now.getTime(), 60))),
    ),
  );
  // The ceremony comes at least two weeks after the last entries, at 19:00 in Vietnam.
  const ceremony2026 = new Date(
    Math.max(
      Date.parse("2027-01-16T12:00:00.000Z"),
      Date.parse(`${vnDayAfter(closes2026.getTime(), 14)}T19:00:00+07:00`),
    ),
  );
  return [2023, 2024, 2025, 2026].map((year) => ({
    year,
    code: `VX${String(year).slice(2)}`,
    name_vi: `Giải thưởng Sáng tạo Quảng cáo Vạn Xuân ${year}`,
    name_en: `Van Xuan Creative Advertising Awards ${year}`,
    registration_opens_at: vnMidnight(`${year}-07-15`),
    registration_closes_at: year === 2026 ? closes2026.toISOString() : vnEndOfDay(`${year}-10-25`),
    submission_opens_at: vnMidnight(`${year}-08-01`),
    submission_closes_at: year === 2026 ? closes2026.toISOString() : vnEndOfDay(`${year}-10-30`),
    early_bird_deadline: vnEndOfDay(`${year}-09-15`),
    late_deadline: null,
    ceremony_at: year === 2026 ? ceremony2026.toISOString() : `${year}-12-20T12:00:00.000Z`,
  }));
}

export const DEMO_SETTINGS: SiteSettings = {
  currentSeasonYear: 2026,
  contactEmail: "lienhe@vanxuan-awards.example",
  contactPhone: "+84 28 3822 6868",
  social: {
    website: "https://vanxuan-awards.example",
    email: "lienhe@vanxuan-awards.example",
    facebook: "https://www.facebook.com/vanxuanawards",
    youtube: "https://www.youtube.com/@vanxuanawards",
    linkedin: "https://www.linkedin.com/company/vanxuanawards",
    tiktok: "https://www.tiktok.com/@vanxuanawards",
  },
  chatWidget: { provider: "none", accountId: "" },
  // Empty: pages fall back to the catalogue's site description until an admin sets them.
  seo: {
    vi: { title: "", description: "", image: "" },
    en: { title: "", description: "", image: "" },
  },
  payments: DEFAULT_PAYMENT_SETTINGS,
};

export async function seedDemoData(
  db: Db,
  now = new Date(),
): Promise<"loaded" | "already present"> {
  return seedOnce(db, MARKER, now, async (trx, stamp) => {
    for (const season of demoSeasons(now)) {
      const existing = await trx
        .selectFrom("seasons")
        .select("id")
        .where("year", "=", season.year)
        .executeTakeFirst();
      const seasonId =
        existing?.id ??
        (
          await trx
            .insertInto("seasons")
            .values({ ...season, created_at: stamp, updated_at: stamp })
            .returning("id")
            .executeTakeFirstOrThrow()
        ).id;
      if (!existing) await insertTree(trx, seasonId);
    }
    for (const [key, value] of Object.entries(DEMO_SETTINGS)) {
      await trx
        .insertInto("site_settings")
        .values({ key, value: JSON.stringify(value), updated_at: stamp })
        .onConflict((oc) => oc.column("key").doNothing())
        .execute();
    }
  });
}

async function insertTree(trx: Kysely<Database>, seasonId: number): Promise<void> {
  for (const [t, track] of DEMO_TRACKS.entries()) {
    const { id: trackId } = await trx
      .insertInto("tracks")
      .values({
        season_id: seasonId,
        slug: track.slug,
        code: track.code,
        name_vi: track.vi,
        name_en: track.en,
        tagline_vi: track.taglineVi,
        tagline_en: track.taglineEn,
        sort_order: t,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    for (const [g, group] of track.groups.entries()) {
      const { id: groupId } = await trx
        .insertInto("category_groups")
        .values({
          track_id: trackId,
          slug: group.slug,
          name_vi: group.vi,
          name_en: group.en,
          sort_order: g,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      for (const [c, category] of group.categories.entries()) {
        await trx
          .insertInto("categories")
          .values({
            group_id: groupId,
            slug: category.slug,
            code: category.code,
            name_vi: category.vi,
            name_en: category.en,
            description_vi: category.descVi,
            description_en: category.descEn,
            fee_vnd: category.fee,
            video_required: category.video ? 1 : 0,
            allow_individual: category.individual === false ? 0 : 1,
            allow_enterprise: category.enterprise === false ? 0 : 1,
            sort_order: c,
          })
          .execute();
      }
    }
  }
}
