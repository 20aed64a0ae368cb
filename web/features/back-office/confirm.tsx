import type { ButtonHTMLAttributes } from "react";
import "./back-office.css";

/**
 * A submit button that asks first (the browser's own confirm dialog: keyboard and screen-reader
 * friendly); cancelling stops the submission. Without JavaScript it simply submits — the
 * server must be fine with that (destructive actions are audited and checked there anyway).
 */
export function ConfirmButton({
  message,
  check,
  className = "button button--secondary",
  onClick,
  ...button
}: {
  message: string;
  /** Checks the form first: false stops the submission without asking (it shows the errors). */
  check?: (button: HTMLButtonElement) => boolean;
} & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type="submit"
      className={className}
      {...button}
      onClick={(event) => {
        if (check && !check(event.currentTarget)) {
          event.preventDefault();
          return;
        }
        if (!window.confirm(message)) {
          event.preventDefault();
          return;
        }
        onClick?.(event);
      }}
    />
  );
}
