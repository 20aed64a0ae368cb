import { useTranslation } from "react-i18next";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/pdf";

/** `/pdf?file=`: the bare document page, without header or footer (seed §2). */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, { titleKey: "sections.pdf" }),
  { name: "robots", content: "noindex" },
];

export default function PdfPage() {
  const { t } = useTranslation();
  return (
    <main id="main" className="pdf-page">
      <h1 className="visually-hidden">{t("sections.pdf")}</h1>
      <div className="coming-soon__card" role="status">
        <p className="coming-soon__badge">{t("comingSoon.title")}</p>
        <p>{t("comingSoon.pdfBody")}</p>
      </div>
    </main>
  );
}
