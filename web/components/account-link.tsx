import { useTranslation } from "../i18n/use-translation";
import { Link } from "react-router";
import { useLocalizedPath, useSite } from "../lib/site";

/** Signed in: a way back to the dashboard (or the back office); otherwise: sign in. */
export function AccountLink() {
  const { t } = useTranslation();
  const to = useLocalizedPath();
  const { account } = useSite();
  if (!account) {
    return (
      <Link to={to("/dang-nhap")} className="nav-link account-link">
        {t("account.signIn")}
      </Link>
    );
  }
  return (
    <Link
      to={to(account.staff ? "/quan-tri" : "/tai-khoan")}
      className="nav-link account-link"
      title={account.name}
    >
      {account.staff ? t("admin.title") : t("account.dashboardTitle")}
    </Link>
  );
}
