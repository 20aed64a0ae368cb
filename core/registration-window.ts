/**
 * Where the current season stands in its registration window (PRODUCT §2): the dates between
 * which new entrants may create their account. Either bound may be left unset by the
 * organisers, and then does not limit registration (an account is harmless on its own; what
 * an entrant may hand in is gated by the submission window). An unreadable date is treated
 * as unset for the same reason.
 */
export type RegistrationWindowState =
  | { state: "open"; closesAt: string | null }
  | { state: "not_yet_open"; opensAt: string }
  | { state: "closed"; closedAt: string };

export interface RegistrationWindow {
  registrationOpensAt: string | null;
  registrationClosesAt: string | null;
}

const instant = (value: string | null): number | null => {
  if (!value) return null;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : at;
};

/** Open from `registrationOpensAt` (inclusive) until `registrationClosesAt` (exclusive). */
export function registrationWindowState(
  window: RegistrationWindow,
  now: Date,
): RegistrationWindowState {
  const opens = instant(window.registrationOpensAt);
  const closes = instant(window.registrationClosesAt);
  const t = now.getTime();
  if (opens !== null && t < opens) {
    return { state: "not_yet_open", opensAt: window.registrationOpensAt! };
  }
  if (closes !== null && t >= closes) {
    return { state: "closed", closedAt: window.registrationClosesAt! };
  }
  return { state: "open", closesAt: closes === null ? null : window.registrationClosesAt };
}

/** The message key that says why registration is refused, or null while it is open. */
export function registrationClosedKey(window: RegistrationWindowState): string | null {
  if (window.state === "not_yet_open") return "registration.window.notYetOpen";
  if (window.state === "closed") return "registration.window.closed";
  return null;
}
