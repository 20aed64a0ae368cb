import { optionalNormalizedField } from "./form-fields";

/**
 * The 12-digit personal identification number (số định danh cá nhân) printed on the
 * citizen identity card (CCCD). Format check only: the digits encode a province, century,
 * sex and birth year, but nothing here can confirm the number belongs to the person.
 */

export const PERSONAL_ID_LENGTH = 12;

/** The 12 digits without the spaces people type between groups, or null if it is not 12 digits. */
export function normalizePersonalId(input: string): string | null {
  const compact = input.replace(/\s+/g, "");
  return /^\d{12}$/.test(compact) ? compact : null;
}

export function isValidPersonalId(input: string): boolean {
  return normalizePersonalId(input) !== null;
}

/** An optional personal ID form field: "" when not given. */
export function optionalPersonalIdField() {
  return optionalNormalizedField(normalizePersonalId, "validation.personalId");
}
