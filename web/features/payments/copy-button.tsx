import { useState } from "react";
import { useTranslation } from "../../i18n/use-translation";

/** Copies a value (account number, amount, memo) with a visible, announced confirmation. */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setState("copied");
    } catch {
      setState("failed");
    }
  }
  return (
    <>
      <button
        type="button"
        className="button button--secondary button--small"
        onClick={() => void copy()}
        aria-label={`${t("payment.copy")}: ${label}`}
      >
        {t("payment.copy")}
      </button>
      <output aria-live="polite">
        {state === "copied"
          ? t("payment.copied")
          : state === "failed"
            ? t("payment.copyFailed")
            : ""}
      </output>
    </>
  );
}
