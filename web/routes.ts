import { type RouteConfig, index, layout, prefix, route } from "@react-router/dev/routes";
import type { Lang } from "../core/languages";

/**
 * The one route table (seed §2). Vietnamese pages use the seed's paths; English pages are
 * the same modules under `/en`. Each route module loads as its own chunk on demand.
 */
function pages(lang: Lang) {
  const id = (name: string) => ({ id: `${lang}:${name}` });
  return [
    layout("routes/public-layout.tsx", id("layout"), [
      index("routes/home.tsx", id("home")),
      route("dang-ky-du-thi", "routes/registration.tsx", id("registration")),
      route("nop-bai-du-thi", "routes/submit-entry.tsx", id("submit-entry")),
      route("nop-bai-du-thi/thanh-toan", "routes/payment.tsx", id("payment")),
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
      route("quan-tri", "routes/admin-layout.tsx", id("admin"), [
        index("routes/admin-section.tsx", id("admin-dashboard")),
        route("hop-thu", "routes/admin-outbox.tsx", id("admin-outbox")),
        ...["noi-dung", "thanh-toan", "cham-giai", "mua-giai", "nguoi-dung", "nhat-ky"].map(
          (path) => route(path, "routes/admin-section.tsx", id(`admin-${path}`)),
        ),
      ]),
    ]),
    route("dang-xuat", "routes/sign-out.tsx", id("sign-out")),
    route("pdf", "routes/pdf.tsx", id("pdf")),
    route("*", "routes/unknown-path.tsx", id("unknown-path")),
  ];
}

export default [...pages("vi"), ...prefix("en", pages("en"))] satisfies RouteConfig;
