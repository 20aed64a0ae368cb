import { PDFDocument, PDFName } from "@cantoo/pdf-lib";
import { findVietnameseFont, heading, paragraphs, startPdf } from "../modules/exports/pdf";

/**
 * The demo entries' documents as readable PDFs: the idea article (in Vietnamese and English),
 * the two commitments and a company's licence, with full Vietnamese diacritics (pdfkit with a
 * Vietnamese font). Visitors read the idea article in the library's PDF viewer; staff open the
 * others from an entry's page.
 */

interface DemoDocument {
  title: string;
  subtitle: string;
  sections: { heading?: string; text: string }[];
}

/** What the demo's documents say, by storage name. */
export const DEMO_DOCUMENTS = {
  ideaVi: {
    title: "Bài viết ý tưởng",
    subtitle: "Bản demo · Giải thưởng Sáng tạo Quảng cáo Vạn Xuân",
    sections: [
      {
        heading: "Bối cảnh",
        text: "Thương hiệu muốn đến gần hơn với người trẻ ở các thành phố lớn: họ dành phần lớn thời gian trên điện thoại và hiếm khi dừng lại trước một quảng cáo truyền thống.",
      },
      {
        heading: "Thấu hiểu",
        text: "Người trẻ không ngại nghe thương hiệu nói, miễn là câu chuyện nói về chính họ: những bữa cơm vội, những chuyến xe về quê dịp Tết, những lời chưa kịp nói với gia đình.",
      },
      {
        heading: "Ý tưởng",
        text: "Thay vì kể về sản phẩm, chiến dịch mời mọi người kể câu chuyện của mình. Mỗi câu chuyện được chọn trở thành một thước phim ngắn, quay tại chính nơi câu chuyện đã diễn ra.",
      },
      {
        heading: "Triển khai",
        text: "Phim chính dài 60 giây phát trên truyền hình và các nền tảng số; mười hai phim ngắn dựng từ câu chuyện của người xem; hoạt động tại ba thành phố để mọi người ghi lại lời nhắn gửi gia đình.",
      },
      {
        heading: "Kết quả",
        text: "Sau sáu tuần, chiến dịch nhận hơn 8.000 câu chuyện, các phim đạt hơn 20 triệu lượt xem, và mức độ nhận biết thương hiệu ở nhóm 18–30 tuổi tăng rõ rệt. Các số liệu trong bản demo chỉ để minh hoạ.",
      },
    ],
  },
  ideaEn: {
    title: "Idea article",
    subtitle: "Demo copy · Van Xuan Creative Advertising Awards",
    sections: [
      {
        heading: "Background",
        text: "The brand wanted to come closer to young people in the big cities, who spend most of their time on their phones and seldom stop for a traditional advertisement.",
      },
      {
        heading: "Insight",
        text: "Young people do not mind hearing from a brand, as long as the story is about them: hurried family meals, the bus home for Tết, the words they never found the time to say to their families.",
      },
      {
        heading: "Idea",
        text: "Instead of talking about the product, the campaign invited people to tell their own stories. Each story chosen became a short film, shot where the story had taken place.",
      },
      {
        heading: "Execution",
        text: "A 60-second film on television and digital platforms; twelve short films made from viewers' stories; events in three cities where people recorded messages to their families.",
      },
      {
        heading: "Results",
        text: "In six weeks the campaign received more than 8,000 stories, the films passed 20 million views, and brand awareness among 18–30-year-olds rose clearly. The figures in this demo copy are illustrative.",
      },
    ],
  },
  legalCommitment: {
    title: "Cam kết pháp lý",
    subtitle: "Bản demo · không có giá trị pháp lý",
    sections: [
      {
        text: "Chúng tôi cam kết tác phẩm dự thi đã được phát hành hợp pháp tại Việt Nam trong thời gian quy định của mùa giải, tuân thủ pháp luật về quảng cáo, và mọi thông tin kê khai trong hồ sơ dự thi là đúng sự thật.",
      },
      {
        text: "Nếu tác phẩm vi phạm các điều trên, chúng tôi chịu hoàn toàn trách nhiệm và đồng ý để Ban Tổ chức loại tác phẩm khỏi cuộc thi.",
      },
    ],
  },
  copyrightCommitment: {
    title: "Cam kết quyền sở hữu bản quyền",
    subtitle: "Bản demo · không có giá trị pháp lý",
    sections: [
      {
        text: "Chúng tôi cam kết là chủ sở hữu, hoặc được chủ sở hữu cho phép sử dụng, toàn bộ hình ảnh, âm nhạc, lời thoại và tư liệu trong tác phẩm dự thi.",
      },
      {
        text: "Chúng tôi đồng ý để Ban Tổ chức dùng tác phẩm cho việc chấm giải, trưng bày trong thư viện bài dự thi và quảng bá giải thưởng.",
      },
    ],
  },
  licence: {
    title: "Giấy chứng nhận đăng ký doanh nghiệp",
    subtitle: "Bản demo · không có giá trị pháp lý",
    sections: [
      {
        text: "Tệp mẫu thay cho giấy chứng nhận đăng ký doanh nghiệp mà doanh nghiệp tải lên khi đăng ký dự thi.",
      },
    ],
  },
} as const satisfies Record<string, DemoDocument>;

export type DemoDocumentName = keyof typeof DEMO_DOCUMENTS;

/**
 * One demo document as a PDF. With `author`, it names its maker as office software does: in
 * the document information (Author, Creator) and in an XMP metadata stream, which judges'
 * copies of entry documents must not carry.
 */
export function demoDocumentPdf(name: DemoDocumentName, author?: string): Promise<Buffer> {
  // Made once per process: a demo seed (and every test that seeds one) asks for the same few.
  const key = `${name}\u0000${author ?? ""}`;
  let made = madeDocuments.get(key);
  if (!made) {
    made = makeDocument(name, author);
    madeDocuments.set(key, made);
    made.catch(() => madeDocuments.delete(key));
  }
  return made;
}

const madeDocuments = new Map<string, Promise<Buffer>>();

async function makeDocument(name: DemoDocumentName, author?: string): Promise<Buffer> {
  const content: DemoDocument = DEMO_DOCUMENTS[name];
  const { doc, done, text } = startPdf(findVietnameseFont(), {
    info: {
      Title: content.title,
      ...(author ? { Author: author, Creator: "Demo Office" } : {}),
    },
  });
  heading(doc, text(content.title));
  doc.font("body").fontSize(11).fillColor("#5b524c").text(text(content.subtitle));
  doc.fillColor("#1f1a17").moveDown(1);
  for (const section of content.sections) {
    if (section.heading) {
      doc.font("bold").fontSize(13).text(text(section.heading));
      doc.moveDown(0.3);
    }
    paragraphs(doc, [section.text], text);
  }
  doc.end();
  const bytes = await done;
  if (!author) return bytes;
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const xmp = `<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator><rdf:Seq><rdf:li>${author}</rdf:li></rdf:Seq></dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>`;
  // XMP is UTF-8: a string given to the stream would be written one byte per character.
  const metadata = pdf.context.stream(new TextEncoder().encode(xmp), {
    Type: "Metadata",
    Subtype: "XML",
  });
  pdf.catalog.set(PDFName.of("Metadata"), pdf.context.register(metadata));
  return Buffer.from(await pdf.save({ useObjectStreams: false }));
}
