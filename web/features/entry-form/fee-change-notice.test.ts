import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";
import type { FeeChange } from "../../../core/fees";
import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import { createI18n } from "../../i18n/i18n";
import { FeeChangeNotice } from "./fee-change-notice";

/** The notice's markup, the no-break space VND formats put before "₫" read as a space. */
function render(lang: "vi" | "en", change: FeeChange) {
  const html = renderToStaticMarkup(
    createElement(
      I18nextProvider,
      { i18n: createI18n(lang, lang === "vi" ? vi : en) },
      createElement(FeeChangeNotice, { change, lang }),
    ),
  );
  return html.replace(/\u00a0/g, " ");
}

// Deadlines stored as the end of the minute typed: 14:06 and 14:12 on 05/12/2026 in Vietnam.
const rises: FeeChange = {
  kind: "rises",
  at: "2026-12-05T07:06:59.999Z",
  tier: "late",
  amountVnd: 2_500_000,
};
const closes: FeeChange = { kind: "closes", at: "2026-12-05T07:12:59.999Z" };

describe("FeeChangeNotice", () => {
  it("says the dearer fee and from when, in Vietnam time and the reader's VND format", () => {
    expect(render("vi", rises)).toContain("Lệ phí tăng lên 2.500.000 ₫ sau 05/12/2026 14:06");
    expect(render("en", rises)).toContain("The fee goes up to ₫2,500,000 after 05/12/2026 14:06");
  });

  it("says a cheaper fee as one", () => {
    const falls: FeeChange = { ...rises, kind: "falls", amountVnd: 1_800_000 };
    expect(render("vi", falls)).toContain("Lệ phí giảm còn 1.800.000 ₫ sau 05/12/2026 14:06");
  });

  it("names the last moment to pay once no dearer tier follows", () => {
    expect(render("vi", closes)).toContain(
      "Hạn chót thanh toán: 05/12/2026 14:12 — sau thời điểm này bài dự thi không thể thanh toán",
    );
    expect(render("en", closes)).toContain(
      "Payment deadline: 05/12/2026 14:12 — after this the entry can no longer be paid for",
    );
  });
});
