/**
 * A JPEG without the segments that carry text about the picture — APP1 (Exif, XMP), APP12
 * (Photoshop's "Ducky": comment, copyright), APP13 (IPTC) and COM — the pixels untouched: the
 * markers up to the first scan are walked, the scan and everything after it copied as they
 * are. Anything that is not a JPEG, or does not parse as one, comes back unchanged (the same
 * array), as does a JPEG with nothing to remove.
 *
 * Self-contained (it refers to nothing outside its body): the PDF cleaner's worker thread runs
 * it from its source text (./pdf-judge-copy.ts).
 */
export function withoutJpegMetadata(part: Uint8Array): Uint8Array {
  const metadata = [0xe1, 0xec, 0xed, 0xfe];
  const startOfScan = 0xda;
  if (part[0] !== 0xff || part[1] !== 0xd8 || part[2] !== 0xff) return part;
  const kept: Uint8Array[] = [part.subarray(0, 2)];
  let at = 2;
  for (;;) {
    while (part[at] === 0xff && part[at + 1] === 0xff) at += 1; // fill bytes
    const marker = part[at + 1];
    if (part[at] !== 0xff || marker === undefined) return part;
    if (marker === startOfScan) break;
    // Markers without a length (RSTn, TEM) do not belong before the scan; SOI, EOI neither.
    if ((marker >= 0xd0 && marker <= 0xd9) || marker === 0x01) return part;
    const end = at + 2 + (((part[at + 2] ?? 0) << 8) | (part[at + 3] ?? 0));
    if (end < at + 4 || end > part.length) return part;
    if (!metadata.includes(marker)) kept.push(part.subarray(at, end));
    at = end;
  }
  kept.push(part.subarray(at));
  const length = kept.reduce((sum, piece) => sum + piece.length, 0);
  if (length === part.length) return part;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const piece of kept) {
    out.set(piece, offset);
    offset += piece.length;
  }
  return out;
}
