import { useTranslation } from "react-i18next";
import { Modal } from "./modal";

/**
 * The award criteria modal (seed §2). Until the season's criteria PDF is published (content
 * issue) it shows the criteria summary. Locked: a stray click outside must not lose the reader's place.
 */
export function CriteriaModal({
  open,
  onClose,
  year,
}: {
  open: boolean;
  onClose: () => void;
  year: number | null;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onClose={onClose}
      locked
      size="large"
      title={year ? t("criteria.seasonTitle", { year }) : t("criteria.title")}
    >
      <p>{t("criteria.summary")}</p>
      {year ? <p className="muted">{t("criteria.pending", { year })}</p> : null}
    </Modal>
  );
}
