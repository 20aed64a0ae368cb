import { normalizedField } from "./form-fields";

/**
 * Vietnamese phone numbers, as people write them, stored in E.164.
 *
 * - mobile: 0 + [35789] + 8 digits (10 digits), e.g. 0912 345 678;
 * - landline: 0 + 2 + area + subscriber (11 digits), e.g. 028 3822 1234, 0236 382 1234.
 *
 * Also accepted in international form: +84, 84 or 0084 in place of the leading 0, with or
 * without the "(0)" some people keep. Spaces, dots, dashes and parentheses are ignored.
 */

export type PhoneKind = "mobile" | "landline";

export interface VietnamesePhone {
  kind: PhoneKind;
  /** `+84912345678` */
  e164: string;
  /** `0912345678` */
  national: string;
}

const MOBILE = /^0[35789]\d{8}$/;
const LANDLINE = /^02\d{9}$/;
/** The only two-digit area codes since the 2017 renumbering: Hà Nội (24), TP. Hồ Chí Minh (28). */
const TWO_DIGIT_AREAS = ["024", "028"];

/** The national form (`0…`) of a number given nationally or internationally, or null. */
function toNational(input: string): string | null {
  const compact = input.trim().replace(/[\s.\-()]/g, "");
  const international = /^(?:\+|00)?84(\d+)$/.exec(compact);
  if (international) {
    // "+84 (0) 912 …": the trunk 0 some people keep after the country code.
    const rest = international[1]!;
    return rest.startsWith("0") ? rest : `0${rest}`;
  }
  return /^0\d+$/.test(compact) ? compact : null;
}

/** Parses a Vietnamese mobile or landline number; null if it is not one. */
export function parseVietnamesePhone(input: string): VietnamesePhone | null {
  const national = toNational(input);
  if (national === null) return null;
  const kind: PhoneKind | null = MOBILE.test(national)
    ? "mobile"
    : LANDLINE.test(national)
      ? "landline"
      : null;
  if (kind === null) return null;
  return { kind, national, e164: `+84${national.slice(1)}` };
}

export function isValidVietnamesePhone(input: string): boolean {
  return parseVietnamesePhone(input) !== null;
}

/** The E.164 form (`+84912345678`), or null if the input is not a Vietnamese number. */
export function normalizePhone(input: string): string | null {
  return parseVietnamesePhone(input)?.e164 ?? null;
}

/**
 * The number grouped the way it is written in Vietnam: `0912 345 678`, `028 3822 1234`,
 * `0236 382 1234`. Anything that is not a Vietnamese number comes back as given (trimmed).
 */
export function formatPhoneForDisplay(phone: string): string {
  const parsed = parseVietnamesePhone(phone);
  if (!parsed) return phone.trim();
  const n = parsed.national;
  if (parsed.kind === "mobile") return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
  if (TWO_DIGIT_AREAS.includes(n.slice(0, 3))) {
    return `${n.slice(0, 3)} ${n.slice(3, 7)} ${n.slice(7)}`;
  }
  return `${n.slice(0, 4)} ${n.slice(4, 7)} ${n.slice(7)}`;
}

/** A required Vietnamese phone number form field; outputs E.164. */
export function phoneField() {
  return normalizedField(normalizePhone, "validation.phoneVietnam");
}
