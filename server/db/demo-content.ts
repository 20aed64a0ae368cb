import type { Kysely } from "kysely";
import { rt, type Block } from "../../core/rich-text";
import { slugify } from "../../core/slug";
import type { Db } from "./database";
import { seedOnce } from "./seed-once";
import type { Database } from "./schema";

/**
 * Demo public content: jury 2023–2025, winners 2023–2024, news, the introduction
 * page and the three tracks' content, all bilingual. The people, brands and agencies are
 * fictional. Images are SVGs the server draws on request (`/generated/…`), so nothing is
 * downloaded. Loaded once: its own marker row in site_settings.
 */
const MARKER = "demo.content.loaded";

const HUES = [12, 38, 152, 200, 226, 268, 320, 350, 96, 180, 28, 250, 300];

/** A generated portrait: initials on a coloured disc (see server/plugins/content-routes.ts). */
export function portraitPath(name: string, index: number): string {
  const words = name.split(/\s+/).filter(Boolean);
  const initials = [words[0], words[words.length - 1]]
    .map((w) => (w ?? "").charAt(0).toUpperCase())
    .join("");
  return `/generated/portrait/${HUES[index % HUES.length]}/${encodeURIComponent(initials)}.svg`;
}

export function coverPath(seed: number): string {
  return `/generated/cover/${seed}.svg`;
}

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

interface DemoArticle {
  vi: { title: string; summary: string; points: string[]; closing: string };
  en: { title: string; summary: string; points: string[]; closing: string };
  date: string;
  link: string;
}

const ARTICLES: DemoArticle[] = [
  {
    date: "2025-03-10",
    link: "/danh-sach-thang-giai?year=2024",
    vi: {
      title: "Chuyện nghề: Grand Prix 2024 từ ý tưởng đến màn ảnh",
      summary:
        "Đội ngũ sáng tạo kể lại hành trình tám tháng của tác phẩm đoạt Giải thưởng lớn 2024.",
      points: [
        "Ý tưởng bắt đầu từ một bữa cơm gia đình",
        "Quay tại ba tỉnh miền Trung trong mười ngày",
        "Hơn hai triệu lượt xem trong tuần đầu phát sóng",
      ],
      closing: "Xem toàn bộ danh sách thắng giải 2024.",
    },
    en: {
      title: "Behind the work: the 2024 Grand Prix from idea to screen",
      summary: "The creative team retraces the eight-month journey of the 2024 Grand Prix winner.",
      points: [
        "The idea began at a family dinner",
        "Shot in three central provinces over ten days",
        "More than two million views in its first week on air",
      ],
      closing: "See the full list of 2024 winners.",
    },
  },
  {
    date: "2025-04-18",
    link: "/van-xuan-stars",
    vi: {
      title: "Workshop: Kể chuyện thương hiệu trong 30 giây",
      summary: "Buổi workshop miễn phí tại TP. Hồ Chí Minh dành cho người làm sáng tạo trẻ.",
      points: [
        "Cấu trúc một câu chuyện ngắn có sức nặng",
        "Phân tích năm phim quảng cáo từng đoạt giải",
        "Thực hành theo nhóm với phản hồi từ giám khảo",
      ],
      closing: "Tìm hiểu thêm về Giải Vạn Xuân Stars dành cho tài năng trẻ.",
    },
    en: {
      title: "Workshop: brand storytelling in 30 seconds",
      summary: "A free workshop in Ho Chi Minh City for young creatives.",
      points: [
        "How a short story carries weight",
        "Five award-winning commercials taken apart",
        "Group exercises with feedback from jurors",
      ],
      closing: "Learn more about the Van Xuan Stars award for young talent.",
    },
  },
  {
    date: "2025-05-22",
    link: "/gioi-thieu-giai-thuong",
    vi: {
      title: "Tọa đàm: Quảng cáo có trách nhiệm với cộng đồng",
      summary: "Các chuyên gia bàn về ranh giới giữa sáng tạo táo bạo và trách nhiệm xã hội.",
      points: [
        "Quảng cáo cho trẻ em và những điều cần tránh",
        "Minh bạch khi hợp tác với người có ảnh hưởng",
        "Tiêu chí trách nhiệm trong chấm giải Vạn Xuân",
      ],
      closing: "Đọc thêm về tôn chỉ của giải thưởng.",
    },
    en: {
      title: "Panel: advertising that is responsible to the community",
      summary: "Experts discuss the line between bold creativity and social responsibility.",
      points: [
        "Advertising to children and what to avoid",
        "Transparency when working with influencers",
        "Responsibility criteria in Van Xuan judging",
      ],
      closing: "Read more about the awards' principles.",
    },
  },
  {
    date: "2025-07-01",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Mở cổng nhận bài dự thi mùa giải 2025",
      summary:
        "Từ ngày 01/08/2025, các đơn vị và cá nhân có thể đăng ký và nộp bài dự thi trực tuyến.",
      points: [
        "Ba giải thưởng: Vạn Xuân, Vạn Xuân Classic và Vạn Xuân Stars",
        "Nộp bài và thanh toán hoàn toàn trực tuyến",
        "Hạn chót nhận bài: 30/10/2025",
      ],
      closing: "Chuẩn bị hồ sơ và nộp bài dự thi.",
    },
    en: {
      title: "Submissions open for the 2025 season",
      summary:
        "From 1 August 2025, companies and individuals can register and submit their entries online.",
      points: [
        "Three awards: Van Xuan, Van Xuan Classic and Van Xuan Stars",
        "Submission and payment entirely online",
        "Submission deadline: 30 October 2025",
      ],
      closing: "Prepare your entry and submit it.",
    },
  },
  {
    date: "2025-08-05",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Ưu đãi phí đăng ký sớm đến hết ngày 15/09",
      summary: "Bài dự thi nộp và thanh toán trước ngày 15/09 được giảm phí dự thi.",
      points: [
        "Áp dụng cho mọi hạng mục của cả ba giải thưởng",
        "Ưu đãi tính theo thời điểm thanh toán thành công",
        "Hóa đơn điện tử gửi qua email đăng ký",
      ],
      closing: "Nộp bài ngay để nhận ưu đãi.",
    },
    en: {
      title: "Early-bird fee until 15 September",
      summary: "Entries submitted and paid before 15 September get a reduced entry fee.",
      points: [
        "Applies to every category of all three awards",
        "The date of the successful payment counts",
        "Electronic invoices go to the registered email",
      ],
      closing: "Submit now to get the early-bird fee.",
    },
  },
  {
    date: "2025-08-20",
    link: "/chuyen-gia-dong-hanh?year=2025",
    vi: {
      title: "Công bố Hội đồng giám khảo năm 2025",
      summary:
        "Mười ba chuyên gia từ các công ty quảng cáo, nhãn hàng và trường đại học sẽ chấm giải năm nay.",
      points: [
        "Chủ tịch hội đồng: bà Nguyễn Minh Châu",
        "Giám khảo đến từ Hà Nội, Đà Nẵng và TP. Hồ Chí Minh",
        "Mỗi bài được ít nhất năm giám khảo chấm độc lập",
      ],
      closing: "Xem hồ sơ các giám khảo năm 2025.",
    },
    en: {
      title: "The 2025 jury announced",
      summary:
        "Thirteen experts from agencies, brands and universities will judge this year's awards.",
      points: [
        "Jury chair: Ms Nguyễn Minh Châu",
        "Jurors from Hanoi, Da Nang and Ho Chi Minh City",
        "Every entry is scored independently by at least five jurors",
      ],
      closing: "Meet the 2025 jurors.",
    },
  },
  {
    date: "2025-09-03",
    link: "/van-xuan",
    vi: {
      title: "Hướng dẫn chuẩn bị hồ sơ dự thi",
      summary: "Những lưu ý giúp bài dự thi được trình bày rõ ràng và đúng quy định.",
      points: [
        "Bài viết ý tưởng dạng PDF, tối đa năm trang",
        "Video đúng định dạng và thời lượng của hạng mục",
        "Hình ảnh không chứa tên công ty quảng cáo",
      ],
      closing: "Xem cơ cấu giải thưởng và yêu cầu từng hạng mục.",
    },
    en: {
      title: "How to prepare your entry",
      summary: "Tips for presenting an entry clearly and within the rules.",
      points: [
        "An idea article as a PDF of at most five pages",
        "Video in the category's format and length",
        "Images that do not show the agency's name",
      ],
      closing: "See the prize structure and each category's requirements.",
    },
  },
  {
    date: "2025-09-25",
    link: "/van-xuan-stars",
    vi: {
      title: "Vạn Xuân Stars tìm kiếm tài năng sáng tạo trẻ",
      summary: "Hạng mục dành cho người làm sáng tạo dưới 30 tuổi, đăng ký với tư cách cá nhân.",
      points: [
        "Không cần thuộc công ty quảng cáo",
        "Hồ sơ gồm ba tác phẩm tiêu biểu",
        "Người thắng giải nhận học bổng tham dự khóa học quốc tế",
      ],
      closing: "Tìm hiểu Giải Vạn Xuân Stars.",
    },
    en: {
      title: "Van Xuan Stars looks for young creative talent",
      summary: "A category for creatives under 30, entered as individuals.",
      points: [
        "No agency affiliation needed",
        "A portfolio of three representative works",
        "The winner receives a scholarship to an international course",
      ],
      closing: "Discover the Van Xuan Stars award.",
    },
  },
  {
    date: "2025-10-16",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Nhắc lịch: còn hai tuần để nộp bài dự thi",
      summary: "Cổng nhận bài mùa giải 2025 đóng lúc 23:59 ngày 30/10/2025.",
      points: [
        "Kiểm tra lại thông tin đồng tác giả",
        "Hoàn tất thanh toán để bài được xét duyệt",
        "Liên hệ ban tổ chức nếu gặp sự cố kỹ thuật",
      ],
      closing: "Nộp bài trước hạn chót.",
    },
    en: {
      title: "Reminder: two weeks left to submit",
      summary: "Submissions for the 2025 season close at 23:59 on 30 October 2025.",
      points: [
        "Check your co-authors' details",
        "Complete payment so the entry can be reviewed",
        "Contact the organisers about any technical problem",
      ],
      closing: "Submit before the deadline.",
    },
  },
  {
    date: "2025-11-12",
    link: "/chuyen-gia-dong-hanh?year=2025",
    vi: {
      title: "Hội đồng giám khảo bước vào vòng chung khảo",
      summary:
        "Sau vòng sơ khảo trực tuyến, các bài xuất sắc nhất được thảo luận trực tiếp tại Hà Nội.",
      points: [
        "Vòng sơ khảo chấm độc lập, ẩn danh",
        "Vòng chung khảo thảo luận và bỏ phiếu",
        "Kết quả được giữ kín đến đêm trao giải",
      ],
      closing: "Xem danh sách hội đồng giám khảo.",
    },
    en: {
      title: "The jury begins the final round",
      summary: "After the online first round, the best entries are discussed in person in Hanoi.",
      points: [
        "First round scored independently and anonymously",
        "Final round discussed and voted",
        "Results stay confidential until the ceremony",
      ],
      closing: "See the jury.",
    },
  },
  {
    date: "2025-12-21",
    link: "/gioi-thieu-giai-thuong",
    vi: {
      title: "Lễ trao giải Vạn Xuân 2025 khép lại mùa giải kỷ lục",
      summary: "Đêm trao giải tại TP. Hồ Chí Minh vinh danh những tác phẩm sáng tạo nhất năm.",
      points: [
        "Số bài dự thi tăng gần 30% so với năm trước",
        "Giải thưởng lớn thuộc về một chiến dịch vì cộng đồng",
        "Hơn 800 khách mời tham dự",
      ],
      closing: "Đọc thêm về Giải thưởng Vạn Xuân.",
    },
    en: {
      title: "The 2025 Van Xuan ceremony closes a record season",
      summary: "The ceremony in Ho Chi Minh City honoured the year's most creative work.",
      points: [
        "Entries up by almost 30% on last year",
        "The Grand Prix went to a community campaign",
        "More than 800 guests attended",
      ],
      closing: "Read more about the Van Xuan Awards.",
    },
  },
  {
    date: "2026-02-10",
    link: "/van-xuan-classic",
    vi: {
      title: "Vạn Xuân Classic: tiêu chí Công ty quảng cáo của năm",
      summary:
        "Ban tổ chức công bố cách đánh giá hạng mục dành cho công ty quảng cáo và nhãn hàng.",
      points: [
        "Hiệu quả kinh doanh của các chiến dịch trong năm",
        "Đóng góp cho cộng đồng và ngành nghề",
        "Đào tạo và phát triển đội ngũ",
      ],
      closing: "Tìm hiểu Giải Vạn Xuân Classic.",
    },
    en: {
      title: "Van Xuan Classic: how the agency of the year is judged",
      summary: "The organisers publish how the agency and brand categories are assessed.",
      points: [
        "Business results of the year's campaigns",
        "Contribution to the community and the profession",
        "Training and developing the team",
      ],
      closing: "Discover the Van Xuan Classic award.",
    },
  },
  {
    date: "2026-04-08",
    link: "/tin-tuc-cuoc-thi",
    vi: {
      title: "Workshop tại Hà Nội: Chiến lược nội dung số",
      summary: "Chuỗi workshop mùa giải 2026 mở đầu tại Hà Nội với chủ đề nội dung số.",
      points: [
        "Đo lường hiệu quả nội dung ngắn",
        "Sáng tạo cùng cộng đồng người xem",
        "Bài học từ các tác phẩm trực tuyến đoạt giải",
      ],
      closing: "Theo dõi lịch workshop trên trang tin tức.",
    },
    en: {
      title: "Hanoi workshop: digital content strategy",
      summary: "The 2026 workshop series opens in Hanoi with digital content.",
      points: [
        "Measuring short-form content",
        "Creating with the audience",
        "Lessons from award-winning online work",
      ],
      closing: "Follow the workshop calendar on the news page.",
    },
  },
  {
    date: "2026-06-15",
    link: "/gioi-thieu-giai-thuong",
    vi: {
      title: "Bảo mật bài dự thi: ai được xem và khi nào",
      summary: "Bài dự thi chỉ hiển thị công khai sau khi kết quả được công bố.",
      points: [
        "Giám khảo chấm bằng mã, không thấy tên đơn vị",
        "Tệp gốc được lưu riêng tư",
        "Người dự thi có thể tải lại bài của mình bất cứ lúc nào",
      ],
      closing: "Xem quy chế giải thưởng.",
    },
    en: {
      title: "Keeping entries confidential: who sees what, and when",
      summary: "Entries become public only after the results are announced.",
      points: [
        "Jurors score by code, without the entrant's name",
        "Original files are stored privately",
        "Entrants can download their own entries at any time",
      ],
      closing: "Read the awards' rules.",
    },
  },
  {
    date: "2026-07-20",
    link: "/nop-bai-du-thi",
    vi: {
      title: "Mở cổng nhận bài dự thi mùa giải 2026",
      summary:
        "Mùa giải 2026 chính thức nhận bài từ ngày 01/08/2026 với nhiều cải tiến cho người dự thi.",
      points: [
        "Đăng ký tài khoản một lần, dùng cho nhiều mùa giải",
        "Theo dõi trạng thái bài và thanh toán trên trang cá nhân",
        "Hỗ trợ trực tuyến trong giờ hành chính",
      ],
      closing: "Đăng ký và nộp bài dự thi.",
    },
    en: {
      title: "Submissions open for the 2026 season",
      summary:
        "The 2026 season accepts entries from 1 August 2026, with improvements for entrants.",
      points: [
        "Register once and use the account for every season",
        "Follow each entry's status and payment on your account page",
        "Online help during office hours",
      ],
      closing: "Register and submit an entry.",
    },
  },
  {
    date: "2026-09-02",
    link: "/chuyen-gia-dong-hanh",
    vi: {
      title: "Gặp gỡ giám khảo: sáng tạo bắt đầu từ sự thấu hiểu",
      summary: "Trò chuyện với các giám khảo về điều làm nên một tác phẩm đáng nhớ.",
      points: [
        "Hiểu người xem trước khi nghĩ ý tưởng",
        "Một thông điệp, kể thật rõ",
        "Sự chân thật luôn thuyết phục hơn kỹ xảo",
      ],
      closing: "Xem hội đồng giám khảo.",
    },
    en: {
      title: "Meet the jurors: creativity starts with understanding",
      summary: "Jurors talk about what makes a piece of work memorable.",
      points: [
        "Understand the audience before the idea",
        "One message, told clearly",
        "Honesty persuades more than effects",
      ],
      closing: "Meet the jury.",
    },
  },
];

function articleBody(a: DemoArticle, lang: "vi" | "en"): Block[] {
  const text = a[lang];
  const link = lang === "en" ? `/en${a.link === "/" ? "" : a.link}` : a.link;
  return [
    rt.p(text.summary),
    rt.h(lang === "en" ? "Key points" : "Điểm chính"),
    rt.ul(...text.points),
    rt.p(rt.link(text.closing, link)),
  ];
}

const INTRO = {
  vi: {
    title: "Giới thiệu Giải thưởng Sáng tạo Quảng cáo Vạn Xuân",
    summary:
      "Giải thưởng thường niên tôn vinh những ý tưởng quảng cáo sáng tạo, hiệu quả và có trách nhiệm của Việt Nam.",
    body: [
      rt.p(
        "Giải thưởng Sáng tạo Quảng cáo Vạn Xuân được tổ chức hằng năm, mở cho mọi công ty quảng cáo, nhãn hàng và cá nhân làm sáng tạo tại Việt Nam.",
      ),
      rt.h("Tôn chỉ"),
      rt.ul(
        "Sáng tạo: ý tưởng mới, cách thể hiện riêng",
        "Hiệu quả: tạo ra thay đổi đo lường được",
        "Trách nhiệm: tôn trọng người xem và cộng đồng",
      ),
      rt.h("Ba giải thưởng"),
      rt.p(
        rt.b("Vạn Xuân"),
        " dành cho tác phẩm và chiến dịch; ",
        rt.b("Vạn Xuân Classic"),
        " dành cho công ty quảng cáo và nhãn hàng; ",
        rt.b("Vạn Xuân Stars"),
        " dành cho tài năng cá nhân.",
      ),
      rt.h("Quy trình chấm giải"),
      rt.ol(
        "Vòng sơ khảo: giám khảo chấm độc lập, ẩn danh",
        "Vòng chung khảo: hội đồng thảo luận và bỏ phiếu",
        "Công bố kết quả tại đêm trao giải",
      ),
      rt.p("Xem ", rt.link("hội đồng giám khảo", "/chuyen-gia-dong-hanh"), "."),
    ],
  },
  en: {
    title: "About the Van Xuan Creative Advertising Awards",
    summary:
      "An annual award that celebrates creative, effective and responsible advertising ideas from Vietnam.",
    body: [
      rt.p(
        "The Van Xuan Creative Advertising Awards are held every year and are open to every agency, brand and individual creative working in Vietnam.",
      ),
      rt.h("Principles"),
      rt.ul(
        "Creativity: new ideas, expressed in their own way",
        "Effectiveness: change that can be measured",
        "Responsibility: respect for the audience and the community",
      ),
      rt.h("Three awards"),
      rt.p(
        rt.b("Van Xuan"),
        " for works and campaigns; ",
        rt.b("Van Xuan Classic"),
        " for agencies and brands; ",
        rt.b("Van Xuan Stars"),
        " for individual talent.",
      ),
      rt.h("How judging works"),
      rt.ol(
        "First round: jurors score independently and anonymously",
        "Final round: the jury discusses and votes",
        "Results announced at the ceremony",
      ),
      rt.p("Meet ", rt.link("the jury", "/en/chuyen-gia-dong-hanh"), "."),
    ],
  },
};

const TRACK_CONTENT: Record<string, { vi: [string, Block[]]; en: [string, Block[]] }> = {
  "van-xuan": {
    vi: [
      "Giải Vạn Xuân tôn vinh tác phẩm và chiến dịch quảng cáo xuất sắc trên mọi kênh truyền thông.",
      [
        rt.p("Bài dự thi được chấm theo ba tiêu chí: ý tưởng, thực thi và hiệu quả."),
        rt.ul("Ý tưởng: 40%", "Thực thi: 30%", "Hiệu quả: 30%"),
        rt.p(
          "Mỗi hạng mục trao giải Vàng, Bạc, Đồng; tác phẩm xuất sắc nhất nhận Giải thưởng lớn.",
        ),
      ],
    ],
    en: [
      "The Van Xuan award honours outstanding advertising works and campaigns on every channel.",
      [
        rt.p("Entries are judged on three criteria: idea, execution and results."),
        rt.ul("Idea: 40%", "Execution: 30%", "Results: 30%"),
        rt.p(
          "Each category awards Gold, Silver and Bronze; the best work of all receives the Grand Prix.",
        ),
      ],
    ],
  },
  "van-xuan-classic": {
    vi: [
      "Giải Vạn Xuân Classic ghi nhận những công ty quảng cáo và nhãn hàng bền bỉ sáng tạo suốt một năm.",
      [
        rt.p(
          "Hồ sơ trình bày các chiến dịch tiêu biểu trong năm, kết quả kinh doanh và đóng góp cho ngành.",
        ),
        rt.ul("Công ty quảng cáo của năm", "Nhãn hàng của năm"),
        rt.p("Mỗi hạng mục trao giải Nhất, Nhì, Ba."),
      ],
    ],
    en: [
      "The Van Xuan Classic award recognises agencies and brands that stayed creative all year.",
      [
        rt.p(
          "The entry presents the year's key campaigns, business results and contribution to the profession.",
        ),
        rt.ul("Agency of the year", "Brand of the year"),
        rt.p("Each category awards first, second and third prizes."),
      ],
    ],
  },
  "van-xuan-stars": {
    vi: [
      "Giải Vạn Xuân Stars dành cho cá nhân: những tài năng sáng tạo trẻ và đại sứ thương hiệu truyền cảm hứng.",
      [
        rt.p(
          "Người dự thi đăng ký với tư cách cá nhân và nộp hồ sơ năng lực cùng các tác phẩm tiêu biểu.",
        ),
        rt.ul(
          "Tài năng sáng tạo trẻ: dưới 30 tuổi",
          "Đại sứ thương hiệu: người đại diện có ảnh hưởng tích cực",
        ),
        rt.p("Mỗi hạng mục trao giải Nhất, Nhì, Ba."),
      ],
    ],
    en: [
      "The Van Xuan Stars award is for individuals: young creative talent and inspiring brand ambassadors.",
      [
        rt.p(
          "Entrants register as individuals and submit a profile with their representative works.",
        ),
        rt.ul(
          "Young creative talent: under 30",
          "Brand ambassadors: representatives with a positive influence",
        ),
        rt.p("Each category awards first, second and third prizes."),
      ],
    ],
  },
};

export async function seedDemoContent(
  db: Db,
  now = new Date(),
): Promise<"loaded" | "already present"> {
  return seedOnce(db, MARKER, now, async (trx, stamp) => {
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

    for (const year of [2024, 2023]) await insertWinners(trx, year, stamp);

    const nowMs = now.getTime();
    for (const [i, a] of ARTICLES.entries()) {
      // Demo dates stay in the past whatever the install date.
      const planned = Date.parse(`${a.date}T02:00:00.000Z`);
      const published = new Date(Math.min(planned, nowMs - (ARTICLES.length - i) * 3_600_000));
      await trx
        .insertInto("news_articles")
        .values({
          slug_vi: slugify(a.vi.title),
          slug_en: slugify(a.en.title),
          title_vi: a.vi.title,
          title_en: a.en.title,
          summary_vi: a.vi.summary,
          summary_en: a.en.summary,
          body_vi: JSON.stringify(articleBody(a, "vi")),
          body_en: JSON.stringify(articleBody(a, "en")),
          cover_image: coverPath(i + 1),
          status: "published",
          published_at: published.toISOString(),
          created_at: published.toISOString(),
          updated_at: published.toISOString(),
        })
        .execute();
    }
    // Not listed: a draft and an article scheduled for later.
    for (const [status, title, at] of [
      ["draft", "Bản nháp: lịch trình đêm trao giải 2026", null],
      [
        "scheduled",
        "Công bố Hội đồng giám khảo năm 2026",
        new Date(nowMs + 30 * 86_400_000).toISOString(),
      ],
    ] as const) {
      await trx
        .insertInto("news_articles")
        .values({
          slug_vi: slugify(title),
          slug_en: "",
          title_vi: title,
          title_en: "",
          summary_vi: title,
          summary_en: "",
          body_vi: JSON.stringify([rt.p(title)]),
          body_en: "[]",
          cover_image: coverPath(99),
          status,
          published_at: at,
          created_at: stamp,
          updated_at: stamp,
        })
        .execute();
    }

    await trx
      .insertInto("content_pages")
      .values({
        key: "award-introduction",
        season_id: null,
        title_vi: INTRO.vi.title,
        title_en: INTRO.en.title,
        summary_vi: INTRO.vi.summary,
        summary_en: INTRO.en.summary,
        body_vi: JSON.stringify(INTRO.vi.body),
        body_en: JSON.stringify(INTRO.en.body),
        updated_at: stamp,
      })
      .execute();
    for (const [slug, content] of Object.entries(TRACK_CONTENT)) {
      await trx
        .insertInto("content_pages")
        .values({
          key: `track:${slug}`,
          season_id: null,
          title_vi: "",
          title_en: "",
          summary_vi: content.vi[0],
          summary_en: content.en[0],
          body_vi: JSON.stringify(content.vi[1]),
          body_en: JSON.stringify(content.en[1]),
          updated_at: stamp,
        })
        .execute();
    }
  });
}

async function insertWinners(trx: Kysely<Database>, year: number, stamp: string): Promise<void> {
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
