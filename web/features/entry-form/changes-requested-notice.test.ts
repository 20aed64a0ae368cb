import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import { createI18n } from "../../i18n/i18n";
import { ChangesRequestedNotice } from "./changes-requested-notice";

const changes = {
  reason: "Bản cam kết bản quyền chưa có chữ ký.\nVui lòng tải lên bản có chữ ký.\n\n<b>Cảm ơn</b>",
  dueAt: "2027-01-15T16:59:59.000Z",
};

function render(lang: "vi" | "en", editable: boolean, headingLevel?: 2 | 4) {
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(lang, lang === "vi" ? vi : en) },
      createElement(ChangesRequestedNotice, {
        changes,
        editable,
        ...(headingLevel === undefined ? {} : { headingLevel }),
      }),
    ),
  );
}

describe("ChangesRequestedNotice", () => {
  it("shows the reason with its lines and until when editing is open, in Vietnam time", () => {
    const html = render("vi", true);
    expect(html).toMatch(/<section [^>]*aria-labelledby="([^"]+)"[^>]*>.*<h2 id="\1"/);
    expect(html).toContain("Ban Tổ chức đề nghị chỉnh sửa bài dự thi");
    expect(html).toContain(
      "<span>Bản cam kết bản quyền chưa có chữ ký.</span><span><br/>Vui lòng tải lên bản có chữ ký.</span>",
    );
    // Staff text is text, never markup.
    expect(html).toContain("&lt;b&gt;Cảm ơn&lt;/b&gt;");
    expect(html).toContain("đến 15/01/2027 23:59 (giờ Việt Nam)");
  });

  it("says the time for changes is over once the entry is locked", () => {
    const html = render("en", false, 4);
    expect(html).toContain("<h4");
    expect(html).toContain("The time for changes ended on 15/01/2027 23:59 (Vietnam time)");
    expect(html).not.toContain("You can edit");
  });
});
