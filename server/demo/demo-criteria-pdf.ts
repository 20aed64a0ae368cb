import { formatVnd } from "../../core/dates";
import type { Lang } from "../../core/languages";
import { DEMO_TRACKS } from "./demo-data";
import { heading, numberPages, paragraphs, startPdf, type PdfFonts } from "../modules/exports/pdf";

interface CriteriaTexts {
  title: (year: number) => string;
  subtitle: string;
  organiser: string;
  issued: (year: number) => string;
  page: (page: number, count: number) => string;
  sections: { heading: string; body: (year: number) => (string | string[])[] }[];
  tracksHeading: string;
  fee: string;
  video: string;
}

const CRITERIA: Record<Lang, CriteriaTexts> = {
  vi: {
    title: (year) => `Giải thưởng Sáng tạo Quảng cáo Vạn Xuân ${year}`,
    subtitle: "Tiêu chí chấm giải và thể lệ tóm tắt",
    organiser: "Ban Tổ chức Giải thưởng Vạn Xuân",
    issued: (year) => `Phát hành tháng 7 năm ${year}`,
    page: (page, count) => `Trang ${page} / ${count}`,
    sections: [
      {
        heading: "1. Giới thiệu",
        body: (year) => [
          `Giải thưởng Sáng tạo Quảng cáo Vạn Xuân ${year} tôn vinh những ý tưởng, tác phẩm và chiến dịch quảng cáo sáng tạo nhất được thực hiện tại Việt Nam trong năm.`,
          "Tài liệu này trình bày các tiêu chí mà Hội đồng giám khảo sử dụng để đánh giá bài dự thi, bảng hạng mục cùng lệ phí, quy trình chấm giải và các quy định chung. Người dự thi nên đọc kỹ trước khi nộp bài.",
          "Mọi bài dự thi được đánh giá công bằng, độc lập và bảo mật: giám khảo không được biết danh tính người dự thi trong suốt quá trình chấm.",
        ],
      },
      {
        heading: "2. Tiêu chí chấm giải",
        body: () => [
          "Mỗi bài dự thi được chấm theo sáu tiêu chí dưới đây, mỗi tiêu chí từ 1 đến 10 điểm. Tổng điểm là tổng có trọng số của các tiêu chí:",
          [
            "Ý tưởng sáng tạo: mới, độc đáo, ấn tượng (30%).",
            "Thông điệp rõ ràng, dễ nhớ (20%).",
            "Chất lượng hình ảnh và âm thanh (15%).",
            "Khả năng ghi nhớ thương hiệu, sản phẩm (15%).",
            "Trách nhiệm với xã hội và môi trường (10%).",
            "Bản sắc văn hoá Việt Nam (10%).",
          ],
          "Giám khảo có thể ghi nhận xét cho từng bài. Điểm của một giám khảo chỉ được tính khi giám khảo đó không có xung đột lợi ích với bài dự thi.",
        ],
      },
      {
        heading: "4. Quy trình chấm giải",
        body: (year) => [
          `Vòng sơ khảo trực tuyến: các giám khảo được phân công chấm độc lập từng bài thuộc hạng mục của mình trên cổng chấm giải trực tuyến của mùa giải ${year}.`,
          "Vòng chung khảo: những bài có điểm cao nhất mỗi hạng mục được Hội đồng giám khảo thảo luận trực tiếp và bỏ phiếu chọn giải Vàng, Bạc, Đồng.",
          "Khi một bài có từ năm điểm trở lên, điểm cao nhất và thấp nhất được loại bỏ trước khi tính điểm trung bình. Mọi thay đổi điểm đều được lưu vết và kiểm toán.",
          "Giám khảo có xung đột lợi ích với một bài dự thi phải khai báo và không chấm bài đó.",
        ],
      },
      {
        heading: "5. Quy định chung",
        body: (year) => [
          `Tác phẩm dự thi phải được thực hiện hoặc công bố lần đầu tại Việt Nam trong khoảng thời gian của mùa giải ${year}.`,
          "Người dự thi cam kết là chủ sở hữu hợp pháp của tác phẩm hoặc đã được chủ sở hữu đồng ý cho dự thi, và chịu trách nhiệm về bản quyền của mọi hình ảnh, âm thanh được sử dụng.",
          "Ban Tổ chức có quyền sử dụng tác phẩm đạt giải cho mục đích truyền thông phi thương mại của giải thưởng, có ghi rõ tên tác giả.",
          "Mọi thắc mắc xin gửi về hộp thư của Ban Tổ chức. Quyết định của Hội đồng giám khảo là quyết định cuối cùng.",
        ],
      },
    ],
    tracksHeading: "3. Hạng mục và lệ phí",
    fee: "Lệ phí",
    video: "Bắt buộc có video.",
  },
  en: {
    title: (year) => `Van Xuan Creative Advertising Awards ${year}`,
    subtitle: "Judging criteria and rules in brief",
    organiser: "The Van Xuan Awards Organising Committee",
    issued: (year) => `Published in July ${year}`,
    page: (page, count) => `Page ${page} of ${count}`,
    sections: [
      {
        heading: "1. Introduction",
        body: (year) => [
          `The Van Xuan Creative Advertising Awards ${year} honour the most creative advertising ideas, works and campaigns produced in Vietnam during the year.`,
          "This document sets out the criteria the jury uses to judge entries, the categories and their fees, the judging process and the general rules. Please read it carefully before you submit.",
          "Every entry is judged fairly, independently and confidentially: judges never learn who entered a piece of work.",
        ],
      },
      {
        heading: "2. Judging criteria",
        body: () => [
          "Each entry is scored on the six criteria below, from 1 to 10 points each. The total is the weighted sum of the criteria:",
          [
            "Creative idea: new, unique, impressive (30%).",
            "A clear, memorable message (20%).",
            "Image and sound quality (15%).",
            "Brand and product recall (15%).",
            "Social and environmental responsibility (10%).",
            "Vietnamese cultural identity (10%).",
          ],
          "Judges may add a comment to each entry. A judge's score counts only when that judge has no conflict of interest with the entry.",
        ],
      },
      {
        heading: "4. Judging process",
        body: (year) => [
          `Preliminary online round: the assigned judges score every entry of their categories independently on the ${year} season's online judging portal.`,
          "Final round: the jury discusses the highest-scoring entries of each category in person and votes for the gold, silver and bronze awards.",
          "When an entry has five or more scores, the highest and the lowest are dropped before the mean is taken. Every change of a score is recorded and audited.",
          "A judge with a conflict of interest on an entry must declare it and does not score that entry.",
        ],
      },
      {
        heading: "5. General rules",
        body: (year) => [
          `Entries must have been produced or first published in Vietnam during the ${year} season.`,
          "Entrants confirm that they own the work or have the owner's consent to enter it, and are responsible for the rights to every image and sound it uses.",
          "The organisers may use winning work for the awards' non-commercial communication, always crediting its authors.",
          "Please send any question to the organisers' mailbox. The jury's decisions are final.",
        ],
      },
    ],
    tracksHeading: "3. Categories and fees",
    fee: "Fee",
    video: "A video is required.",
  },
};

/** The title a season's criteria document is listed under. */
export function criteriaTitle(year: number, lang: Lang): string {
  return `${CRITERIA[lang].subtitle} ${year}`;
}

/** The award criteria of a season: a cover and one page per section, with an outline. */
export async function renderCriteriaPdf(
  year: number,
  lang: Lang,
  fonts: PdfFonts | null,
): Promise<Buffer> {
  const c = CRITERIA[lang];
  const {
    doc,
    done,
    text: t,
  } = startPdf(fonts, {
    lang: lang === "vi" ? "vi-VN" : "en-GB",
    displayTitle: true,
    info: {
      Title: `${c.title(year)} – ${c.subtitle}`,
      Author: c.organiser,
      Subject: c.subtitle,
      Keywords:
        lang === "vi" ? "tiêu chí, giải thưởng, quảng cáo" : "criteria, awards, advertising",
      CreationDate: new Date(`${year}-07-01T09:00:00+07:00`),
    },
  });

  // Cover.
  doc.moveDown(8);
  doc
    .font("bold")
    .fontSize(28)
    .fillColor("#7a1f1f")
    .text(t(c.title(year)), { align: "center" });
  doc.moveDown(1);
  doc.font("body").fontSize(16).fillColor("#1f1a17").text(t(c.subtitle), { align: "center" });
  doc.moveDown(6);
  doc.fontSize(12).text(t(c.organiser), { align: "center" });
  doc.text(t(c.issued(year)), { align: "center" });

  const sections = [...c.sections];
  const tracksAt = 2;
  for (let i = 0; i <= sections.length; i++) {
    doc.addPage();
    if (i === tracksAt) {
      doc.outline.addItem(t(c.tracksHeading));
      heading(doc, t(c.tracksHeading));
      for (const track of DEMO_TRACKS) {
        heading(doc, t(lang === "vi" ? track.vi : track.en), 14);
        for (const group of track.groups) {
          for (const category of group.categories) {
            const name = lang === "vi" ? category.vi : category.en;
            const groupName = lang === "vi" ? group.vi : group.en;
            const description = lang === "vi" ? category.descVi : category.descEn;
            doc
              .font("bold")
              .fontSize(10.5)
              .text(t(`${category.code} – ${groupName}: ${name}`), { paragraphGap: 1 });
            doc
              .font("body")
              .fontSize(10)
              .text(
                t(
                  `${description} ${c.fee}: ${formatVnd(category.fee, lang)}.${category.video ? ` ${c.video}` : ""}`,
                ),
                { paragraphGap: 6 },
              );
          }
        }
      }
      continue;
    }
    const section = sections[i > tracksAt ? i - 1 : i];
    if (!section) continue;
    doc.outline.addItem(t(section.heading));
    heading(doc, t(section.heading));
    paragraphs(doc, section.body(year), t);
  }
  numberPages(doc, (page, count) => t(c.page(page, count)));
  doc.end();
  return done;
}
