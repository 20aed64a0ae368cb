import type { ComponentProps, ReactNode } from "react";

/**
 * The viewer's icon button: the icon is decorative, the label names the button for screen
 * readers and, as its tooltip, for the pointer (a different tooltip when the label must stay
 * fixed, as for the full-screen toggle).
 */
export function ToolButton({
  label,
  tooltip = label,
  className,
  children,
  ...button
}: {
  label: string;
  tooltip?: string;
  className?: string;
  children: ReactNode;
} & Omit<ComponentProps<"button">, "type" | "className" | "title">) {
  return (
    <button
      type="button"
      className={className ? `pdfv__button ${className}` : "pdfv__button"}
      aria-label={label}
      title={tooltip}
      {...button}
    >
      {children}
    </button>
  );
}
