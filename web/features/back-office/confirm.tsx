import type { ComponentProps } from "react";
import { ConfirmSubmitButton } from "../../components/confirm-dialog";
import "./back-office.css";

/**
 * A back-office submit button that asks first, in the page's own dialog (the question, the
 * action's own label, and "Huỷ", where focus starts); cancelling sends nothing. Without
 * JavaScript it simply submits — the server must be fine with that (destructive actions are
 * audited and checked there anyway).
 */
export function ConfirmButton({
  className = "button button--secondary",
  ...props
}: ComponentProps<typeof ConfirmSubmitButton>) {
  return <ConfirmSubmitButton className={className} {...props} />;
}
