const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/** PNG chunks that carry text about the picture (nothing of its pixels or colours). */
const PNG_METADATA = new Set(["tEXt", "zTXt", "iTXt", "eXIf"]);

function isPng(part: Uint8Array): boolean {
  return PNG_SIGNATURE.every((byte, i) => part[i] === byte);
}

/**
 * The PNG without its text and Exif chunks, every other chunk copied whole (its CRC with it),
 * up to IEND. Anything that is not a PNG, or does not parse as one, comes back unchanged.
 */
export function withoutPngMetadata(part: Uint8Array): Uint8Array {
  if (!isPng(part)) return part;
  const view = new DataView(part.buffer, part.byteOffset, part.byteLength);
  const kept: Uint8Array[] = [part.subarray(0, PNG_SIGNATURE.length)];
  let at = PNG_SIGNATURE.length;
  while (at + 12 <= part.length) {
    const end = at + 12 + view.getUint32(at);
    if (end > part.length) return part;
    const type = String.fromCharCode(...part.subarray(at + 4, at + 8));
    if (!PNG_METADATA.has(type)) kept.push(part.subarray(at, end));
    if (type === "IEND") return joined(kept, part);
    at = end;
  }
  return part;
}

/** The pieces as one array, or `original` itself when they are all of it. */
function joined(pieces: Uint8Array[], original: Uint8Array): Uint8Array {
  const length = pieces.reduce((sum, piece) => sum + piece.length, 0);
  if (length === original.length) return original;
  const out = new Uint8Array(length);
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}
