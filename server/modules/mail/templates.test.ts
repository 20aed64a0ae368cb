import { describe, expect, it } from "vitest";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import { LANGUAGES } from "../../../core/languages";
import {
  EMAIL_TEMPLATES,
  InvalidEmailDataError,
  renderEmail,
  type EmailSite,
  type EmailTemplate,
  type EmailTemplateData,
} from "./templates";

const SITE: EmailSite = {
  websiteUrl: "https://vanxuan-awards.example/",
  contactEmail: "lienhe@vanxuan-awards.example",
  contactPhone: "+84 28 3822 6868",
};
const URL_WITH_TOKEN = "https://vanxuan-awards.example/xac-nhan-email?token=abc123&lang=vi";

const DATA: { [T in EmailTemplate]: EmailTemplateData[T] } = {
  verification: { name: "Nguyễn Thị Hồng Nhung", url: URL_WITH_TOKEN, expiresInHours: 24 },
  passwordReset: {
    name: "Nguyễn Thị Hồng Nhung",
    url: URL_WITH_TOKEN,
    expiresAt: "2026-12-05T08:35:00.000Z",
  },
  emailChange: {
    name: "Nguyễn Thị Hồng Nhung",
    url: URL_WITH_TOKEN,
    newEmail: "nhung.moi@example.vn",
  },
  emailChanged: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/dang-nhap",
    newEmail: "nhung.moi@example.vn",
  },
  welcome: { name: "Nguyễn Thị Hồng Nhung", url: "https://vanxuan-awards.example/tai-khoan" },
  entryReceipt: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/tai-khoan",
    code: "VX26-TVC-0042",
    title: "Tết sum vầy",
    category: "Chiến dịch",
    submittedAt: "01/09/2026",
    deadline: "31/12/2026",
  },
  entryStatusChanged: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/nop-bai-du-thi?entry=0b7c3f1e-8f7a-4f5e-9a51-2d7a6c1e9b30",
    code: "VX26-TVC-0042",
    title: "Tết sum vầy",
    status: "needs_changes",
    reason: "Bản cam kết bản quyền chưa có chữ ký.\nVui lòng tải lên bản có chữ ký và đóng dấu.",
    editableUntil: { at: "2026-12-20T16:59:59.000Z", by: "changesDue" },
  },
  staffInvitation: {
    name: "Nguyễn Thị Hồng Nhung",
    url: URL_WITH_TOKEN,
    role: "Biên tập viên",
    expiresInHours: 72,
  },
  registrationAttempt: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/dang-nhap",
    resetUrl: "https://vanxuan-awards.example/quen-mat-khau",
  },
  paymentConfirmed: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/nop-bai-du-thi/thanh-toan/VXP26K7M3QZ/bien-nhan",
    reference: "VXP26K7M3QZ",
    amount: "6.000.000 ₫",
    entryCodes: "VX26-TVC-0042, VX26-TVC-0043",
    paidAt: "02/09/2026",
  },
  paymentRefunded: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/nop-bai-du-thi/thanh-toan",
    reference: "VXP26K7M3QZ",
    amount: "6.000.000 ₫",
    refundedAt: "05/09/2026",
    reason: "Khoản phí đã được chuyển khoản hai lần.\nBan Tổ chức hoàn lại lần chuyển thứ hai.",
    entries: [
      { code: "VX26-TVC-0042", title: "Tết sum vầy", status: "Đã nộp" },
      { code: "VX26-TVC-0043", title: "Mùa xuân <b>xanh</b>", status: "Được chấp nhận" },
    ],
  },
  judgeCode: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/giam-khao",
    judgeCode: "K7M3-QZ9P-4XWB-2HTR-8NDC",
    season: "2026",
  },
  entryFileNotJudgeable: {
    name: "Nguyễn Thị Hồng Nhung",
    url: "https://vanxuan-awards.example/nop-bai-du-thi?entry=0b7c3f1e-8f7a-4f5e-9a51-2d7a6c1e9b30",
    code: "VX26-TVC-0042",
    title: "Tết sum vầy",
    field: "Bài giới thiệu ý tưởng (tiếng Việt)",
    fileName: "y-tuong.pdf",
    problem: "encrypted",
  },
};

/** Templates whose link is a page rather than a tokened link. */
const PAGE_LINK: readonly EmailTemplate[] = [
  "emailChanged",
  "welcome",
  "entryReceipt",
  "entryStatusChanged",
  "registrationAttempt",
  "paymentConfirmed",
  "paymentRefunded",
  "judgeCode",
  "entryFileNotJudgeable",
];

function render<T extends EmailTemplate>(template: T, lang: "vi" | "en", data = DATA[template]) {
  return renderEmail(template, lang, data, SITE);
}

describe("email templates", () => {
  it("exist for every template in both catalogues, with every text filled in", () => {
    for (const catalogue of [vi.email, en.email]) {
      for (const template of EMAIL_TEMPLATES) {
        const texts: Record<string, unknown> = catalogue[template];
        for (const key of ["subject", "preheader", "intro", "button", "ignore", "reason"])
          expect(String(texts[key] ?? "").trim(), `${template}.${key}`).toBeTruthy();
      }
    }
  });

  describe.each(LANGUAGES)("in %s", (lang) => {
    it.each(EMAIL_TEMPLATES)("%s renders subject, HTML and text with no placeholder left", (t) => {
      const email = render(t, lang);
      for (const part of [email.subject, email.html, email.text]) {
        expect(part).not.toMatch(/\{\{|\}\}/);
        expect(part).not.toContain("undefined");
      }
      expect(email.html).toMatch(new RegExp(`^<!doctype html>\\n<html lang="${lang}"`));
      // The link is both a button and written out; & is escaped in the HTML.
      const escapedUrl = URL_WITH_TOKEN.replace(/&/g, "&amp;");
      const url = PAGE_LINK.includes(t) ? DATA[t].url : URL_WITH_TOKEN;
      const linkCount = email.html.split(`href="${url.replace(/&/g, "&amp;")}"`).length - 1;
      expect(linkCount).toBe(2);
      if (!PAGE_LINK.includes(t)) expect(email.html).toContain(`>${escapedUrl}</a>`);
      expect(email.text).toContain(`\n${url}\n`);
      // The competition's name and the footer from the site settings.
      const siteName = (lang === "vi" ? vi : en).site.name;
      for (const part of [email.html, email.text]) {
        expect(part).toContain(siteName);
        expect(part).toContain(SITE.contactEmail);
        expect(part).toContain(SITE.contactPhone);
        expect(part).toContain(SITE.websiteUrl);
      }
      expect(email.html).toContain('href="mailto:lienhe@vanxuan-awards.example"');
      expect(email.html).toContain('href="tel:+842838226868"');
      expect(email.text).toContain("Nguyễn Thị Hồng Nhung");
    });
  });

  it("writes natural subject lines in each language", () => {
    expect(render("verification", "vi").subject).toBe(
      "Xác nhận địa chỉ email của bạn – Giải thưởng Vạn Xuân",
    );
    expect(render("verification", "en").subject).toBe(
      "Confirm your email address – Van Xuan Awards",
    );
    expect(render("passwordReset", "vi").subject).toBe(
      "Đặt lại mật khẩu của bạn – Giải thưởng Vạn Xuân",
    );
    expect(render("emailChange", "en").subject).toBe(
      "Confirm your new email address – Van Xuan Awards",
    );
    expect(render("welcome", "vi").subject).toBe("Chào mừng bạn đến với Giải thưởng Vạn Xuân");
    expect(render("welcome", "en").subject).toBe("Welcome to the Van Xuan Awards");
  });

  it("states the expiry with the right plural", () => {
    expect(render("verification", "en").text).toContain("This link expires in 24 hours.");
    expect(
      render("verification", "en", { ...DATA.verification, expiresInHours: 1 }).text,
    ).toContain("This link expires in 1 hour.");
    expect(render("verification", "vi").text).toContain("Liên kết có hiệu lực trong 24 giờ.");
    // A reset link's end as a Vietnam date and time, true however late the email goes.
    expect(render("passwordReset", "vi").text).toContain(
      "Liên kết có hiệu lực đến 05/12/2026 15:35 (giờ Việt Nam).",
    );
    expect(render("passwordReset", "en").html).toContain(
      "This link works until 05/12/2026 15:35 (Vietnam time).",
    );
    expect(render("welcome", "en").text).not.toContain("expires");
  });

  it("names the new address in the email-change message", () => {
    expect(render("emailChange", "vi").text).toContain("nhung.moi@example.vn");
    expect(render("emailChange", "en").html).toContain("nhung.moi@example.vn");
  });

  it("escapes every interpolated value in the HTML and keeps names on one line in the text", () => {
    const hostile = '<script>alert(1)</script> "O\'Brien" & co\nBcc: victim@example.org';
    const email = render("emailChange", "en", {
      name: hostile,
      url: "https://vanxuan-awards.example/confirm?a=1&b=<x>",
      newEmail: "<img src=x onerror=alert(1)>@example.org",
    });
    expect(email.html).not.toMatch(/<script|<img|<x>/i);
    expect(email.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt; &quot;O&#39;Brien&quot;");
    expect(email.html).toContain("&lt;img src=x onerror=alert(1)&gt;@example.org");
    // URL normalisation percent-encodes what is not allowed in a URL.
    expect(email.html).toContain('href="https://vanxuan-awards.example/confirm?a=1&amp;b=%3Cx%3E"');
    expect(email.text).toContain('Hello <script>alert(1)</script> "O\'Brien" & co Bcc: victim');
    expect(email.text).not.toMatch(/^Bcc:/m);
  });

  it("lists the entry's code, title, category and date in the receipt, escaped", () => {
    const vi = render("entryReceipt", "vi");
    expect(vi.subject).toBe("Đã nhận bài dự thi VX26-TVC-0042 – Giải thưởng Vạn Xuân");
    expect(vi.text).toContain("Mã bài dự thi: VX26-TVC-0042\n");
    expect(vi.text).toContain("Hạng mục: Chiến dịch\n");
    expect(vi.text).toContain("Ngày nộp: 01/09/2026");
    expect(vi.text).toContain("(31/12/2026)");
    const en = render("entryReceipt", "en", {
      ...DATA.entryReceipt,
      title: "<b>Tết</b>\nBcc: x@example.org",
    });
    expect(en.subject).toBe("Entry VX26-TVC-0042 received – Van Xuan Awards");
    expect(en.html).toContain("&lt;b&gt;Tết&lt;/b&gt; Bcc: x@example.org");
    expect(en.html).not.toContain("<b>Tết");
    expect(en.text).toContain("Campaign / project / artwork: <b>Tết</b> Bcc: x@example.org\n");
  });

  it("says what changed in a status email: code, title, status, the reason and until when", () => {
    const vi = render("entryStatusChanged", "vi");
    expect(vi.subject).toBe(
      "Bài dự thi VX26-TVC-0042 “Tết sum vầy”: Cần bổ sung – Giải thưởng Vạn Xuân",
    );
    expect(vi.text).toContain("Mã bài dự thi: VX26-TVC-0042\n");
    expect(vi.text).toContain("Chiến dịch / dự án / tác phẩm: Tết sum vầy\n");
    expect(vi.text).toContain("Trạng thái mới: Cần bổ sung\n");
    // The end of 20/12 in Vietnam, written in Vietnam time.
    expect(vi.text).toContain("Hạn chỉnh sửa: 20/12/2026 23:59");
    expect(vi.text).toContain(
      "Bạn có thể chỉnh sửa và nộp lại đến 20/12/2026 23:59 (giờ Việt Nam), kể cả khi đã hết hạn nộp bài.",
    );
    expect(vi.text).toContain("Sau 20/12/2026 23:59, bài dự thi sẽ bị khoá chỉnh sửa.");
    // The reason keeps its lines.
    expect(vi.text).toContain(
      "Nội dung cần chỉnh sửa:\nBản cam kết bản quyền chưa có chữ ký.\nVui lòng tải lên bản có chữ ký và đóng dấu.",
    );
    expect(vi.html).toContain(
      "Bản cam kết bản quyền chưa có chữ ký.<br>Vui lòng tải lên bản có chữ ký và đóng dấu.",
    );
    expect(vi.text).toContain(
      "Chỉnh sửa bài dự thi:\nhttps://vanxuan-awards.example/nop-bai-du-thi?entry=",
    );

    const en = render("entryStatusChanged", "en", {
      ...DATA.entryStatusChanged,
      url: "https://vanxuan-awards.example/en/tai-khoan",
      status: "rejected",
      reason: "<script>x</script> Not an advertising work.",
      editableUntil: null,
    });
    expect(en.subject).toBe("Entry VX26-TVC-0042 “Tết sum vầy”: Rejected – Van Xuan Awards");
    expect(en.text).toContain("does not meet the conditions");
    expect(en.text).toContain("Reason:\n<script>x</script> Not an advertising work.");
    expect(en.html).toContain("&lt;script&gt;x&lt;/script&gt; Not an advertising work.");
    expect(en.html).not.toContain("<script>");
    expect(en.text).not.toContain("Changes due by");
    expect(en.text).toContain("View your entries:\nhttps://vanxuan-awards.example/en/tai-khoan");
  });

  it("names the season's deadline when an entry sent back stays open until then, in both languages", () => {
    const untilClose = {
      ...DATA.entryStatusChanged,
      editableUntil: { at: "2026-12-31T16:59:59.999Z", by: "window" as const },
    };
    const vi = render("entryStatusChanged", "vi", untilClose);
    expect(vi.text).toContain("Hạn chỉnh sửa: 31/12/2026 23:59\n");
    expect(vi.text).toContain(
      "Bạn có thể chỉnh sửa và nộp lại đến 31/12/2026 23:59 (giờ Việt Nam), khi mùa giải hết hạn nhận bài dự thi.",
    );
    expect(vi.text).toContain("Sau 31/12/2026 23:59, bài dự thi sẽ bị khoá chỉnh sửa.");
    expect(vi.text).not.toContain("kể cả khi đã hết hạn nộp bài");
    expect(vi.text).not.toContain("20/12/2026");
    const en = render("entryStatusChanged", "en", untilClose);
    expect(en.text).toContain("Changes due by: 31/12/2026 23:59\n");
    expect(en.text).toContain(
      "You can edit and resubmit it until 31/12/2026 23:59 (Vietnam time), when the season stops taking entries.",
    );
    expect(en.text).toContain("After 31/12/2026 23:59 the entry is locked.");
    expect(en.text).not.toContain("even after the submission deadline");
    // The date staff gave, when it is the later one, keeps its own sentence.
    expect(render("entryStatusChanged", "en").text).toContain(
      "You can edit and resubmit it until 20/12/2026 23:59 (Vietnam time), even after the submission deadline.",
    );
  });

  it("tells a resubmission apart, leaves out an empty reason and shortens a long title in the subject", () => {
    const resubmitted = {
      ...DATA.entryStatusChanged,
      url: "https://vanxuan-awards.example/en/tai-khoan",
      status: "paid" as const,
      resubmitted: true,
      reason: "",
      editableUntil: null,
    };
    const email = render("entryStatusChanged", "en", { ...resubmitted, title: "A".repeat(100) });
    // Back for screening, not a payment: the subject and status say what happened.
    expect(email.subject).toBe(
      `Entry VX26-TVC-0042 “${"A".repeat(59)}…”: Resubmitted, back for screening – Van Xuan Awards`,
    );
    expect(email.text).toContain("received the entry you changed and resubmitted");
    expect(email.text).toContain("New status: Resubmitted, back for screening\n");
    expect(email.text).not.toContain("Paid");
    expect(email.text).toContain(`Campaign / project / artwork: ${"A".repeat(100)}\n`);
    expect(email.text).not.toContain("Reason:");
    const vi = render("entryStatusChanged", "vi", resubmitted);
    expect(vi.subject).toBe(
      "Bài dự thi VX26-TVC-0042 “Tết sum vầy”: Đã nộp lại, chờ xét duyệt – Giải thưởng Vạn Xuân",
    );
    expect(vi.text).toContain("đã nhận được bài dự thi bạn vừa chỉnh sửa và nộp lại");
    expect(vi.text).toContain("Trạng thái mới: Đã nộp lại, chờ xét duyệt\n");
    expect(vi.text).not.toContain("Đã thanh toán");
  });

  it("greets without a name when there is none", () => {
    expect(render("welcome", "vi", { ...DATA.welcome, name: "  " }).text).toMatch(/^Xin chào,\n/);
    expect(render("welcome", "en", { ...DATA.welcome, name: "" }).text).toMatch(/^Hello,\n/);
  });

  it("leaves out the phone when the organisers have none, and a website that is not http(s)", () => {
    const email = renderEmail("welcome", "en", DATA.welcome, {
      ...SITE,
      contactPhone: "",
      websiteUrl: "javascript:alert(1)",
    });
    expect(email.text).not.toContain("Phone:");
    expect(email.html).not.toContain("tel:");
    expect(email.html).not.toContain("javascript:");
    expect(email.text).toContain("Email: lienhe@vanxuan-awards.example");
  });

  it.each([
    "javascript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "/relative/path",
    "ftp://example.org/file",
    "not a url",
  ])("refuses a link that is not an absolute http(s) URL: %s", (url) => {
    expect(() => render("verification", "vi", { ...DATA.verification, url })).toThrow(
      InvalidEmailDataError,
    );
  });

  it("refuses an expiry that is not a positive whole number", () => {
    for (const expiresInHours of [0, -1, 1.5, Number.NaN])
      expect(() => render("verification", "en", { ...DATA.verification, expiresInHours })).toThrow(
        InvalidEmailDataError,
      );
  });
});

describe("the payment confirmation", () => {
  it("lists the reference, amount, entries and date in both languages, HTML and text", () => {
    for (const lang of ["vi", "en"] as const) {
      const email = render("paymentConfirmed", lang);
      for (const part of [email.html, email.text]) {
        expect(part).toContain("VXP26K7M3QZ");
        expect(part).toContain("6.000.000 ₫");
        expect(part).toContain("VX26-TVC-0042, VX26-TVC-0043");
        expect(part).toContain("02/09/2026");
      }
    }
    expect(render("paymentConfirmed", "vi").text).toContain("Số tiền (đã gồm VAT)");
    expect(render("paymentConfirmed", "en").text).toContain("Amount (VAT included)");
  });
});

describe("the payment refund", () => {
  it("gives the reference, amount, date, reason and each entry by code and title, HTML and text", () => {
    const vi = render("paymentRefunded", "vi");
    expect(vi.subject).toBe("Đã hoàn tiền khoản thanh toán VXP26K7M3QZ – Giải thưởng Vạn Xuân");
    expect(vi.text).toContain("Mã thanh toán: VXP26K7M3QZ\n");
    expect(vi.text).toContain("Số tiền hoàn lại: 6.000.000 ₫\n");
    expect(vi.text).toContain("Ngày hoàn tiền: 05/09/2026\n");
    // Each entry with its status now: one already screened keeps it.
    expect(vi.text).toContain("Bài dự thi: VX26-TVC-0042 “Tết sum vầy” — Đã nộp\n");
    expect(vi.text).toContain("Bài dự thi: VX26-TVC-0043 “Mùa xuân <b>xanh</b>” — Được chấp nhận");
    expect(vi.text).toContain("đã trở lại trạng thái “Đã nộp”");
    // The reason keeps its lines.
    expect(vi.text).toContain(
      "Lý do hoàn tiền:\nKhoản phí đã được chuyển khoản hai lần.\nBan Tổ chức hoàn lại lần chuyển thứ hai.",
    );
    expect(vi.html).toContain(
      "Khoản phí đã được chuyển khoản hai lần.<br>Ban Tổ chức hoàn lại lần chuyển thứ hai.",
    );
    expect(vi.html).toContain("Mùa xuân &lt;b&gt;xanh&lt;/b&gt;");
    expect(vi.html).not.toContain("<b>xanh");
    expect(vi.text).toContain(
      "Thanh toán lại:\nhttps://vanxuan-awards.example/nop-bai-du-thi/thanh-toan\n",
    );

    const en = render("paymentRefunded", "en", {
      ...DATA.paymentRefunded,
      url: "https://vanxuan-awards.example/en/nop-bai-du-thi/thanh-toan",
      amount: "₫6,000,000",
      reason: "Paid twice.",
    });
    expect(en.subject).toBe("Payment VXP26K7M3QZ refunded – Van Xuan Awards");
    expect(en.text).toContain("Amount refunded: ₫6,000,000\n");
    expect(en.text).toContain("Refunded on: 05/09/2026\n");
    expect(en.text).toContain("Entry: VX26-TVC-0042 “Tết sum vầy” — Đã nộp\n");
    expect(en.text).toContain("back to “Submitted”");
    expect(en.text).toContain("Reason for the refund:\nPaid twice.");
    expect(en.html).toContain("VX26-TVC-0042, VX26-TVC-0043");
  });
});
