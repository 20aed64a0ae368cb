import { mayPass } from "./retries";

/**
 * Whether a send failed because the mail server refused the message for good (an address it
 * does not take, a message it will not carry), looking through wrapped causes: sending it again
 * would not help; the person who typed the address can.
 */
export function refusedForGood(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    if (!mayPass(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
