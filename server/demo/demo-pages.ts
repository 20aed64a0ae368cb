import type { Kysely } from "kysely";
import { rt, type Block } from "../../core/rich-text";
import type { Database } from "../db/schema";

/** The introduction page and the three tracks' presentation, both languages. */
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
        rt.p(
          "Mỗi bài dự thi được chấm theo sáu tiêu chí, mỗi tiêu chí từ 1 đến 10 điểm; tổng điểm là tổng có trọng số của các tiêu chí:",
        ),
        rt.ul(
          "Ý tưởng sáng tạo: mới, độc đáo, ấn tượng (30%)",
          "Thông điệp rõ ràng, dễ nhớ (20%)",
          "Chất lượng hình ảnh và âm thanh (15%)",
          "Khả năng ghi nhớ thương hiệu, sản phẩm (15%)",
          "Trách nhiệm với xã hội và môi trường (10%)",
          "Bản sắc văn hoá Việt Nam (10%)",
        ),
        rt.p(
          "Mỗi hạng mục trao giải Vàng, Bạc, Đồng; tác phẩm xuất sắc nhất nhận Giải thưởng lớn.",
        ),
      ],
    ],
    en: [
      "The Van Xuan award honours outstanding advertising works and campaigns on every channel.",
      [
        rt.p(
          "Each entry is scored on six criteria, from 1 to 10 points each; the total is the weighted sum of the criteria:",
        ),
        rt.ul(
          "Creative idea: new, unique, impressive (30%)",
          "A clear, memorable message (20%)",
          "Image and sound quality (15%)",
          "Brand and product recall (15%)",
          "Social and environmental responsibility (10%)",
          "Vietnamese cultural identity (10%)",
        ),
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

export async function insertDemoPages(trx: Kysely<Database>, stamp: string): Promise<void> {
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
}
