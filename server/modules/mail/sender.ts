import en from "../../../core/i18n/en.json";
import vi from "../../../core/i18n/vi.json";
import type { Lang } from "../../../core/languages";

const SENDER_NAMES: Record<Lang, string> = { vi: vi.email.brand, en: en.email.brand };
const WITH_NAME = /^\s*(.*?)\s*<([^<>\s]+)>\s*$/;

/**
 * The From header of one email. A configured sender that names itself
 * ("Ban tổ chức <no-reply@…>") is used as it is, in every language; a bare address gets the
 * competition's name in the email's language, so an English reader does not see a
 * Vietnamese sender.
 */
export function senderOf(configured: string, lang: Lang | null): string {
  const named = WITH_NAME.exec(configured);
  if (named && named[1] !== "") return configured;
  const address = named ? named[2]! : configured.trim();
  const name = SENDER_NAMES[lang ?? "vi"].replace(/["\\]/g, "");
  return `"${name}" <${address}>`;
}
