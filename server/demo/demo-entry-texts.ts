import type { Random } from "./demo-registrants";

/**
 * What the demo entries say: brands, campaign titles and bilingual descriptions, and the
 * reasons the secretariat writes when it sends an entry back or rejects it.
 */

const BRANDS = [
  { name: "Sữa Cao Nguyên", vi: "sữa tươi", en: "fresh milk" },
  { name: "Cà phê Phố Núi", vi: "cà phê rang xay", en: "roasted coffee" },
  { name: "Nước mắm Cửa Biển", vi: "nước mắm truyền thống", en: "traditional fish sauce" },
  { name: "Bia Sông Hồng", vi: "bia", en: "beer" },
  { name: "Trà Xanh Tân Cương", vi: "trà xanh", en: "green tea" },
  { name: "Mì Hảo Vị", vi: "mì ăn liền", en: "instant noodles" },
  { name: "Ngân hàng Tiện Lợi", vi: "ngân hàng số", en: "digital banking" },
  { name: "Ví Một Chạm", vi: "ví điện tử", en: "e-wallet" },
  { name: "Viễn thông Kết Nối", vi: "dịch vụ di động", en: "mobile services" },
  { name: "Xe điện Xanh Việt", vi: "xe máy điện", en: "electric scooters" },
  { name: "Bảo hiểm An Tâm", vi: "bảo hiểm nhân thọ", en: "life insurance" },
  { name: "Thảo Mộc Việt", vi: "mỹ phẩm thiên nhiên", en: "natural cosmetics" },
  { name: "Lụa Hà Đông", vi: "thời trang lụa", en: "silk fashion" },
  { name: "Gạo Hạt Ngọc", vi: "gạo đặc sản", en: "specialty rice" },
  { name: "Bánh Trung Thu Kinh Đô Xưa", vi: "bánh trung thu", en: "mooncakes" },
  { name: "Giày Bước Tới", vi: "giày thể thao", en: "sneakers" },
  { name: "Chợ Việt", vi: "chuỗi bán lẻ", en: "retail chain" },
  { name: "Du lịch Đất Phương Nam", vi: "du lịch", en: "travel" },
  { name: "Dược phẩm Lá Xanh", vi: "dược phẩm", en: "pharmaceuticals" },
  { name: "Ươm Mầm Edu", vi: "giáo dục trực tuyến", en: "online learning" },
  { name: "Nước khoáng Suối Mát", vi: "nước khoáng", en: "mineral water" },
  { name: "Điện máy Nhà Mình", vi: "điện máy", en: "home appliances" },
  { name: "Hàng không Cánh Sen", vi: "hàng không", en: "airline" },
  { name: "Kem Tràng Tiền", vi: "kem", en: "ice cream" },
];

const TITLES = [
  { vi: "Tết này con về", en: "Home for Tết" },
  { vi: "Bữa cơm đoàn viên", en: "The reunion dinner" },
  { vi: "Hương vị quê nhà", en: "The taste of home" },
  { vi: "Chạm để thương", en: "Touch to care" },
  { vi: "Xanh từ những điều nhỏ", en: "Green starts small" },
  { vi: "Mẹ ơi, con đã lớn", en: "Mum, I have grown up" },
  { vi: "Những người thầm lặng", en: "The quiet ones" },
  { vi: "Sống chậm giữa phố đông", en: "Slow living in a busy city" },
  { vi: "Đường về nhà", en: "The road home" },
  { vi: "Mùa thu Hà Nội", en: "Autumn in Hà Nội" },
  { vi: "Gánh hàng rong", en: "The street vendor's load" },
  { vi: "Tiếng gọi đại ngàn", en: "The call of the forest" },
  { vi: "Bà ngoại online", en: "Grandma goes online" },
  { vi: "Một ngày không nhựa", en: "A day without plastic" },
  { vi: "Vững bước đến trường", en: "Steady steps to school" },
  { vi: "Ánh đèn đô thị", en: "City lights" },
  { vi: "Sài Gòn không ngủ", en: "Saigon never sleeps" },
  { vi: "Những chuyến xe nghĩa tình", en: "Buses of kindness" },
  { vi: "Hạt gạo làng ta", en: "Our village's rice" },
  { vi: "Cùng con khôn lớn", en: "Growing up together" },
  { vi: "Giọt mồ hôi ngọt ngào", en: "Sweet sweat" },
  { vi: "Sóng đánh, thuyền vẫn ra khơi", en: "Boats sail despite the waves" },
  { vi: "Trung thu của bé", en: "A child's Mid-Autumn" },
  { vi: "Hành trình xanh", en: "The green journey" },
  { vi: "Nụ cười Việt", en: "Vietnamese smiles" },
  { vi: "Ký ức phố cổ", en: "Old Quarter memories" },
  { vi: "Bản đồ vị giác", en: "The flavour map" },
  { vi: "Thắp sáng vùng cao", en: "Lighting up the highlands" },
];

const PORTFOLIO = [
  { vi: "Hồ sơ năng lực", en: "Credentials" },
  { vi: "Một năm sáng tạo", en: "A creative year" },
  { vi: "Hành trình thương hiệu", en: "The brand's journey" },
];

/** What an individual's portfolio is called after, instead of their own name. */
const PERSONAL = ["bộ ảnh cá nhân", "tuyển tập", "góc nhìn trẻ", "dự án cá nhân"];

/** An individual's portfolio title: its story, then what kind of work it is. */
const personalTitle = (story: string) => `${story} – ${PERSONAL[story.length % PERSONAL.length]}`;
/** A company's portfolio title: what it is, then the year. */
const portfolioTitle = (name: string, year: number) => `${name} ${year}`;

/** Every title `demoEntryText` gives in these years (the demo draws pictures for each). */
export function demoEntryTitles(years: readonly number[]): string[] {
  return [
    ...new Set([
      ...TITLES.map((t) => t.vi),
      ...TITLES.map((t) => personalTitle(t.vi)),
      ...years.flatMap((year) => PORTFOLIO.map((p) => portfolioTitle(p.vi, year))),
    ]),
  ];
}

export interface DemoEntryText {
  brand: string;
  title: string;
  descriptionVi: string;
  descriptionEn: string;
}

/**
 * The text of an entry in a track (`VX`, `VXC`, `VXS`) of a season year. Nothing in it names
 * the entrant: judging is blind, and entrants are asked not to sign their work.
 */
export function demoEntryText(random: Random, trackCode: string, year: number): DemoEntryText {
  const brand = random.pick(BRANDS);
  if (trackCode === "VXC") {
    const title = random.pick(PORTFOLIO);
    return {
      brand: brand.name,
      title: portfolioTitle(title.vi, year),
      descriptionVi: `Tổng kết một năm làm việc của chúng tôi trong ngành ${brand.vi}: các chiến dịch tiêu biểu, kết quả kinh doanh và những đóng góp cho cộng đồng sáng tạo Việt Nam.`,
      descriptionEn: `A summary of our year in ${brand.en}: signature campaigns, business results and our contribution to Vietnam's creative community.`,
    };
  }
  const title = random.pick(TITLES);
  if (trackCode === "VXS") {
    return {
      brand: brand.name,
      title: personalTitle(title.vi),
      descriptionVi: `Bộ tác phẩm cá nhân thực hiện cho ${brand.name}, kể câu chuyện "${title.vi}" bằng hình ảnh và âm thanh gần gũi với người trẻ.`,
      descriptionEn: `A personal portfolio made for ${brand.name}, telling "${title.en}" in images and sound close to young audiences.`,
    };
  }
  // One figure, told in both languages.
  const weeks = random.int(4, 12);
  return {
    brand: brand.name,
    title: title.vi,
    descriptionVi: `Chiến dịch "${title.vi}" của ${brand.name} đưa ${brand.vi} gắn với những khoảnh khắc đời thường của người Việt. Ý tưởng xuất phát từ một nghiên cứu người tiêu dùng, triển khai trên truyền hình, mạng xã hội và điểm bán, đạt mức tăng nhận biết thương hiệu rõ rệt sau ${weeks} tuần.`,
    descriptionEn: `"${title.en}" by ${brand.name} ties ${brand.en} to everyday Vietnamese moments. Born from consumer research, it ran on television, social media and in stores, with a clear lift in brand awareness after ${weeks} weeks.`,
  };
}

/**
 * The text of an entry whose title and brand are given (a winner the demo's winners list
 * names): a company's year, a person's nomination, or a campaign of the brand.
 */
export function demoNamedEntryText(
  random: Random,
  trackCode: string,
  year: number,
  named: { title: string; brand: string },
): DemoEntryText {
  const { title, brand } = named;
  if (trackCode === "VXC") {
    return {
      brand,
      title,
      descriptionVi: `Một năm ${year} của ${title}: các chiến dịch tiêu biểu, kết quả kinh doanh và những đóng góp cho cộng đồng sáng tạo Việt Nam.`,
      descriptionEn: `${title}'s ${year}: signature campaigns, business results and a contribution to Vietnam's creative community.`,
    };
  }
  if (trackCode === "VXS") {
    return {
      brand,
      title,
      descriptionVi: `Hồ sơ đề cử ${title}: những tác phẩm nổi bật trong năm ${year}, kể bằng hình ảnh và âm thanh gần gũi với người trẻ.`,
      descriptionEn: `The nomination of ${title}: the year's standout work, in images and sound close to young audiences.`,
    };
  }
  const product = BRANDS.find((b) => b.name === brand);
  const weeks = random.int(4, 12);
  return {
    brand,
    title,
    descriptionVi: `Chiến dịch "${title}" của ${brand} đưa ${product?.vi ?? "sản phẩm của thương hiệu"} gắn với những khoảnh khắc đời thường của người Việt. Ý tưởng xuất phát từ một nghiên cứu người tiêu dùng, triển khai trên truyền hình, mạng xã hội và điểm bán, đạt mức tăng nhận biết thương hiệu rõ rệt sau ${weeks} tuần.`,
    descriptionEn: `"${title}" by ${brand} ties ${product?.en ?? "the brand's products"} to everyday Vietnamese moments. Born from consumer research, it ran on television, social media and in stores, with a clear lift in brand awareness after ${weeks} weeks.`,
  };
}

export const NEEDS_CHANGES_REASONS = [
  "Bản cam kết bản quyền chưa có chữ ký và con dấu của doanh nghiệp, vui lòng tải lại bản đã ký.",
  "Video vượt quá thời lượng quy định của hạng mục; vui lòng gửi bản rút gọn tối đa 3 phút.",
  "Bài viết ý tưởng tiếng Anh còn thiếu phần kết quả chiến dịch, vui lòng bổ sung số liệu.",
  "Thời gian triển khai chiến dịch chưa khớp với tài liệu đính kèm, vui lòng kiểm tra lại.",
  "Hình ảnh minh hoạ có độ phân giải thấp, vui lòng tải lại ảnh chất lượng cao hơn.",
];

export const REJECTION_REASONS = [
  "Chiến dịch được triển khai trước thời gian quy định của mùa giải.",
  "Tác phẩm đã đoạt giải ở mùa giải trước, không đủ điều kiện dự thi lại.",
  "Bài dự thi không đáp ứng điều kiện của hạng mục đã chọn.",
];

/** Credits as the entry form keeps them. */
export function demoCredits(random: Random, companyName: string | null, person: string) {
  const roles = ["Giám đốc sáng tạo", "Đạo diễn", "Biên kịch", "Quản lý dự án", "Thiết kế"];
  return {
    companies: companyName ? [{ name: companyName, role: "Đơn vị thực hiện" }] : [],
    people: [{ name: person, role: random.pick(roles) }],
  };
}
