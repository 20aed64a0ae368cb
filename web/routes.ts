import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { OPTIONAL_EN } from "../core/languages";

/**
 * The one route table (seed §2). Vietnamese pages use the seed's paths; English pages are
 * the same routes under `/en`, an optional first segment (`en?`, `OPTIONAL_EN`), so each page is one route
 * for both languages: one entry in the browser's manifest and one route object per request.
 * The language comes from the address (`langOfPath`). Each route module loads as its own
 * chunk on demand.
 */
function pages() {
  const id = (name: string) => ({ id: name });
  return [
    route(OPTIONAL_EN, "routes/public-layout.tsx", id("layout"), [
      index("routes/home.tsx", id("home")),
      route("dang-ky-du-thi", "routes/registration.tsx", id("registration")),
      route("nop-bai-du-thi", "routes/submit-entry.tsx", id("submit-entry")),
      route("nop-bai-du-thi/thanh-toan", "routes/payment.tsx", id("payment")),
      // VNPay sends the entrant back here; the page only shows what the IPN decided.
      route(
        "nop-bai-du-thi/thanh-toan/vnpay",
        "routes/payment-vnpay-return.tsx",
        id("payment-vnpay-return"),
      ),
      route(
        "nop-bai-du-thi/thanh-toan/:reference",
        "routes/payment-detail.tsx",
        id("payment-detail"),
      ),
      route(
        "nop-bai-du-thi/thanh-toan/:reference/bien-nhan",
        "routes/payment-receipt.tsx",
        id("payment-receipt"),
      ),
      route("bai-du-thi", "routes/library.tsx", id("library")),
      route("bai-thi/:id", "routes/entry-detail.tsx", id("entry-detail")),
      route("tin-tuc-cuoc-thi", "routes/news.tsx", id("news")),
      route("tin-tuc-cuoc-thi/:id", "routes/news-article.tsx", id("news-article")),
      route("gioi-thieu-giai-thuong", "routes/award-introduction.tsx", id("award-introduction")),
      route("chuyen-gia-dong-hanh", "routes/jury.tsx", id("jury")),
      route("danh-sach-thang-giai", "routes/winners.tsx", id("winners")),
      route("van-xuan", "routes/track.tsx", id("track-van-xuan")),
      route("van-xuan-classic", "routes/track.tsx", id("track-van-xuan-classic")),
      route("van-xuan-stars", "routes/track.tsx", id("track-van-xuan-stars")),
      route("dang-nhap", "routes/sign-in.tsx", id("sign-in")),
      route("quen-mat-khau", "routes/forgot-password.tsx", id("forgot-password")),
      route("dat-lai-mat-khau", "routes/reset-password.tsx", id("reset-password")),
      route("tai-khoan", "routes/account.tsx", id("account")),
      route("tai-khoan/ho-so", "routes/account-profile.tsx", id("account-profile")),
      route("quan-tri/dang-nhap", "routes/sign-in.tsx", id("admin-sign-in")),
      // The judge portal: code sign-in, open rounds, assigned entries, blind scoring.
      route("giam-khao", "routes/judge/portal.tsx", id("judge-portal")),
      route("giam-khao/vong/:roundId", "routes/judge/round.tsx", id("judge-round")),
      route("giam-khao/vong/:roundId/:entryId", "routes/judge/entry.tsx", id("judge-entry")),
      // A staff preview of an unpublished article, rendered as the public page (noindex).
      route(
        "quan-tri/noi-dung/tin-tuc/:id/xem-truoc",
        "routes/admin/content/news/preview.tsx",
        id("admin-news-preview"),
      ),
      route("quan-tri", "routes/admin/layout.tsx", id("admin"), [
        index("routes/admin/dashboard.tsx", id("admin-dashboard")),
        route("hop-thu", "routes/admin/outbox.tsx", id("admin-outbox")),
        // Season operations: entries, registrants (lists, exports, detail pages).
        route("bai-du-thi", "routes/admin/entries/index.tsx", id("admin-entries")),
        route("bai-du-thi/xuat", "routes/admin/entries/export.tsx", id("admin-entries-export")),
        route("bai-du-thi/:id", "routes/admin/entries/entry.tsx", id("admin-entry")),
        route("thi-sinh", "routes/admin/registrants/index.tsx", id("admin-registrants")),
        route(
          "thi-sinh/xuat",
          "routes/admin/registrants/export.tsx",
          id("admin-registrants-export"),
        ),
        route("thi-sinh/:id", "routes/admin/registrants/registrant.tsx", id("admin-registrant")),
        // Back-office platform: seasons & category tree, site settings, users, audit log.
        route("mua-giai", "routes/admin/seasons.tsx", id("admin-seasons")),
        route("cai-dat", "routes/admin/settings.tsx", id("admin-settings")),
        route("nguoi-dung", "routes/admin/users.tsx", id("admin-users")),
        route("nhat-ky", "routes/admin/audit.tsx", id("admin-audit")),
        // Content back office: jury, winners, pages and track content, documents.
        route("noi-dung/chuyen-gia", "routes/admin/content/jury.tsx", id("admin-content-jury")),
        route(
          "noi-dung/chuyen-gia/:id",
          "routes/admin/content/juror.tsx",
          id("admin-content-juror"),
        ),
        route(
          "noi-dung/thang-giai",
          "routes/admin/content/winners.tsx",
          id("admin-content-winners"),
        ),
        route(
          "noi-dung/thang-giai/:id",
          "routes/admin/content/winner.tsx",
          id("admin-content-winner"),
        ),
        route("noi-dung/trang", "routes/admin/content/pages.tsx", id("admin-content-pages")),
        route(
          "noi-dung/tai-lieu",
          "routes/admin/content/documents.tsx",
          id("admin-content-documents"),
        ),
        // News back office and the content landing.
        route("noi-dung", "routes/admin/content/index.tsx", id("admin-noi-dung")),
        route("noi-dung/tin-tuc", "routes/admin/content/news/index.tsx", id("admin-news")),
        route("noi-dung/tin-tuc/moi", "routes/admin/content/news/edit.tsx", id("admin-news-new")),
        route("noi-dung/tin-tuc/:id", "routes/admin/content/news/edit.tsx", id("admin-news-edit")),
        // Payments: list and totals, statement import, VAT invoice requests, export, category fees, one payment.
        route("thanh-toan", "routes/admin/payments/index.tsx", id("admin-payments")),
        route("thanh-toan/xuat", "routes/admin/payments/export.tsx", id("admin-payments-export")),
        route(
          "thanh-toan/sao-ke",
          "routes/admin/payments/statements.tsx",
          id("admin-payments-statements"),
        ),
        route("thanh-toan/hoa-don-vat", "routes/admin/payments/vat.tsx", id("admin-payments-vat")),
        route(
          "thanh-toan/hoa-don-vat/xuat",
          "routes/admin/payments/vat-export.tsx",
          id("admin-payments-vat-export"),
        ),
        route("thanh-toan/le-phi", "routes/admin/payments/fees.tsx", id("admin-payments-fees")),
        route("thanh-toan/:id", "routes/admin/payments/payment.tsx", id("admin-payment")),
        // Judging: rounds and prizes, judges and codes, one round, its results and export, the log check.
        route("cham-giai", "routes/admin/judging/index.tsx", id("admin-judging")),
        route("cham-giai/giam-khao", "routes/admin/judging/judges.tsx", id("admin-judging-judges")),
        route(
          "cham-giai/nhat-ky-diem",
          "routes/admin/judging/integrity.tsx",
          id("admin-judging-integrity"),
        ),
        route("cham-giai/vong/:id", "routes/admin/judging/round.tsx", id("admin-judging-round")),
        route(
          "cham-giai/vong/:id/ket-qua",
          "routes/admin/judging/results.tsx",
          id("admin-judging-results"),
        ),
        route(
          "cham-giai/vong/:id/xuat",
          "routes/admin/judging/export.tsx",
          id("admin-judging-export"),
        ),
      ]),
    ]),
    route(`${OPTIONAL_EN}/dang-xuat`, "routes/sign-out.tsx", id("sign-out")),
    route(`${OPTIONAL_EN}/pdf`, "routes/pdf.tsx", id("pdf")),
    // Any other address, in either language (the page reads which from the address).
    route("*", "routes/unknown-path.tsx", id("unknown-path")),
  ];
}

export default pages() satisfies RouteConfig;
