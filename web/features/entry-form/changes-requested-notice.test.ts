import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import { createI18n } from "../../i18n/i18n";
import { ChangesRequestedNotice, type ChangesRequestedView } from "./changes-requested-notice";

const changes: ChangesRequestedView = {
  reason: "Bản cam kết bản quyền chưa có chữ ký.\nVui lòng tải lên bản có chữ ký.\n\n<b>Cảm ơn</b>",
  editableUntil: { at: "2027-01-15T16:59:59.000Z", by: "changesDue" },
};

function render(
  lang: "vi" | "en",
  editable: boolean,
  headingLevel?: 2 | 4,
  view: ChangesRequestedView = changes,
) {
  return renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(lang, lang === "vi" ? vi : en) },
      createElement(ChangesRequestedNotice, {
        changes: view,
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
    expect(html).toContain("đến 15/01/2027 23:59 (giờ Việt Nam), kể cả khi đã hết hạn nộp bài");
  });

  it("names the season's deadline when the entry stays open until then, past the date given", () => {
    const untilClose: ChangesRequestedView = {
      ...changes,
      editableUntil: { at: "2026-12-31T16:59:59.999Z", by: "window" },
    };
    const vi = render("vi", true, 2, untilClose);
    expect(vi).toContain(
      "Bạn có thể chỉnh sửa và nộp lại bài đến 31/12/2026 23:59 (giờ Việt Nam), khi mùa giải hết hạn nhận bài dự thi.",
    );
    expect(vi).not.toContain("kể cả khi đã hết hạn nộp bài");
    const en = render("en", true, 2, untilClose);
    expect(en).toContain(
      "You can edit and resubmit it until 31/12/2026 23:59 (Vietnam time), when the season stops taking entries.",
    );
    // Once locked, the moment it locked.
    expect(render("en", false, 2, untilClose)).toContain(
      "The time for changes ended on 31/12/2026 23:59 (Vietnam time)",
    );
  });

  it("says the time for changes is over once the entry is locked", () => {
    const html = render("en", false, 4);
    expect(html).toContain("<h4");
    expect(html).toContain("The time for changes ended on 15/01/2027 23:59 (Vietnam time)");
    expect(html).not.toContain("You can edit");
  });
});
