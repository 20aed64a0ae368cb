/**
 * The VietQR payload (NAPAS 247, on EMVCo merchant-presented QR): what a banking app reads
 * from the QR code to prefill a transfer — the bank (its NAPAS BIN), the account, the amount
 * and the memo. Every field is ID, two-digit length, value; the last field is a CRC16 of all
 * that comes before it, its own ID and length included.
 *
 *   00 "01"                     payload format
 *   01 "12"                     dynamic (the amount is fixed)
 *   38 00 "A000000727"          NAPAS
 *      01 00 BIN, 01 account    the beneficiary
 *      02 "QRIBFTTA"            inter-bank transfer to an account
 *   53 "704"                    VND
 *   54 amount                   whole đồng
 *   58 "VN"
 *   62 08 memo                  the transfer's purpose (≤ 25 characters, ASCII)
 *   63 CRC16-CCITT (FALSE)      4 upper-case hex digits
 */

export interface VietQrTransfer {
  /** The bank's NAPAS BIN: 6 digits. */
  bankBin: string;
  /** The beneficiary account: up to 19 letters or digits. */
  accountNumber: string;
  /** Whole đồng; omitted for a static QR (the payer types the amount). */
  amountVnd?: number;
  /** The transfer memo: folded to ASCII, at most 25 characters. */
  memo?: string;
}

/** The longest memo (field 62/08) the specification allows. */
export const VIETQR_MEMO_MAX = 25;

function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`VietQR field ${id} too long`);
  return `${id}${String(value.length).padStart(2, "0")}${value}`;
}

/** CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, no reflection) over the bytes of `text`. */
export function crc16Ccitt(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
    }
  }
  return crc;
}

/** A memo banks carry intact: no marks, đ → d, only letters, digits and spaces, ≤ 25. */
export function vietQrMemo(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[đĐ]/g, (c) => (c === "đ" ? "d" : "D"))
    .replace(/[^A-Za-z0-9 ]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, VIETQR_MEMO_MAX)
    .trim();
}

/** The payload string of a transfer; throws on a BIN, account or amount no bank would take. */
export function vietQrPayload(transfer: VietQrTransfer): string {
  if (!/^\d{6}$/.test(transfer.bankBin)) throw new RangeError("VietQR: the BIN is 6 digits");
  if (!/^[0-9A-Za-z]{1,19}$/.test(transfer.accountNumber)) {
    throw new RangeError("VietQR: the account is 1–19 letters or digits");
  }
  const amount = transfer.amountVnd;
  if (amount !== undefined && (!Number.isSafeInteger(amount) || amount <= 0)) {
    throw new RangeError("VietQR: the amount is a positive whole number of đồng");
  }
  const memo = transfer.memo === undefined ? "" : vietQrMemo(transfer.memo);
  const beneficiary = field("00", transfer.bankBin) + field("01", transfer.accountNumber);
  const body =
    field("00", "01") +
    field("01", amount === undefined ? "11" : "12") +
    field("38", field("00", "A000000727") + field("01", beneficiary) + field("02", "QRIBFTTA")) +
    field("53", "704") +
    (amount === undefined ? "" : field("54", String(amount))) +
    field("58", "VN") +
    (memo === "" ? "" : field("62", field("08", memo))) +
    "6304";
  return body + crc16Ccitt(body).toString(16).toUpperCase().padStart(4, "0");
}

/** Whether a payload's last four characters are the CRC of everything before them. */
export function hasValidCrc(payload: string): boolean {
  if (!/6304[0-9A-F]{4}$/.test(payload)) return false;
  const body = payload.slice(0, -4);
  return crc16Ccitt(body).toString(16).toUpperCase().padStart(4, "0") === payload.slice(-4);
}
