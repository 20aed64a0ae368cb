import { useTranslation } from "../i18n/use-translation";
import { data, Link } from "react-router";
import { checkDocumentUrl } from "../../core/pdf-document-url";
import { PdfViewer } from "../pdf/pdf-viewer";
import { useLocalizedPath } from "../lib/site";
import { pageMeta } from "../lib/meta";
import type { Route } from "./+types/pdf";

/**
 * `?file=` must name one of our own published documents (core/pdf-document-url.ts): any
 * other address, another host's above all, is refused here and never fetched.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const check = checkDocumentUrl(url.searchParams.get("file"), url.origin);
  // No file is a page with nothing to show; a refused address is the caller's mistake.
  if (!check.ok) {
    return data({ check, title: null }, { status: check.reason === "missing" ? 200 : 400 });
  }
  const document = await context.services.documents.byUrl(check.path);
  return { check, title: document?.title ?? null };
}

/** `/pdf?file=`: the bare document page, without header or footer (seed §2). */
export const meta: Route.MetaFunction = (args) => [
  ...pageMeta(args, args.data?.title ? { title: args.data.title } : { titleKey: "sections.pdf" }),
  { name: "robots", content: "noindex" },
];

export default function PdfPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { check } = loaderData;
  const title = loaderData.title ?? t("sections.pdf");
  return (
    <main id="main" className="pdf-bare">
      <h1 className="visually-hidden">{title}</h1>
      {check.ok ? (
        <PdfViewer url={check.path} title={title} annotations fullPage />
      ) : (
        <div className="pdf-bare__refusal" role="alert">
          <h2>{t("pdf.refused.title")}</h2>
          <p>{t(`pdf.refused.${check.reason}`)}</p>
          <Link to={to("/")}>{t("pdf.refused.home")}</Link>
        </div>
      )}
    </main>
  );
}
