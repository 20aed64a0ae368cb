import type { ZodError } from "zod";
import { refusal, type Refusal, type RefusalStatus } from "../../../core/refusal";

/** A schema's issues as the refusal a form shows: the first message per field. */
export function zodRefusal(error: ZodError, status: RefusalStatus = 400): Refusal {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".") || "form";
    fields[key] ??= issue.message;
  }
  return refusal(status, "judging.errors.invalid", fields);
}
