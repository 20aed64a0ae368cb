import { createHmac, timingSafeEqual } from "node:crypto";

/** Where signed private links are served (server/modules/storage/routes.ts). */
export const SIGNED_PREFIX = "/tep/";

/** An HMAC-SHA256 in unpadded base64url: 32 bytes, 43 characters. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

export type Disposition = "attachment" | "inline";

export interface SignedLinkClaims {
  key: string;
  /** Expiry, seconds since the epoch. */
  expiresAt: number;
  filename: string | null;
  contentType: string | null;
  disposition: Disposition;
}

export type VerifyResult =
  { ok: true; claims: SignedLinkClaims } | { ok: false; reason: "invalid" | "expired" };

interface Payload {
  k: string;
  e: number;
  f?: string;
  t?: string;
  d?: "i";
}

/**
 * Short-lived links to private files: a base64url JSON payload (key, expiry, download name,
 * type, disposition) and an HMAC-SHA256 of it, with a key derived from the auth secret for
 * this purpose only. Nothing is stored; a link works until it expires.
 */
export function createLinkSigner(secret: string, clock: () => Date = () => new Date()) {
  const signingKey = createHmac("sha256", secret).update("vx-storage-signed-link-v1").digest();
  const mac = (data: string) => createHmac("sha256", signingKey).update(data).digest();

  return {
    sign(claims: SignedLinkClaims): string {
      const payload: Payload = { k: claims.key, e: claims.expiresAt };
      if (claims.filename) payload.f = claims.filename;
      if (claims.contentType) payload.t = claims.contentType;
      if (claims.disposition === "inline") payload.d = "i";
      const data = Buffer.from(JSON.stringify(payload)).toString("base64url");
      return `${data}.${mac(data).toString("base64url")}`;
    },

    verify(token: string): VerifyResult {
      const dot = token.indexOf(".");
      if (dot <= 0 || token.length > 4096) return { ok: false, reason: "invalid" };
      const data = token.slice(0, dot);
      const signature = token.slice(dot + 1);
      // Only the canonical spelling of the MAC counts: base64url decoding ignores the unused
      // low bits of the last character, so without this check four different last
      // characters would all decode to the same bytes and pass.
      if (!SIGNATURE.test(signature)) return { ok: false, reason: "invalid" };
      const given = Buffer.from(signature, "base64url");
      const expected = mac(data);
      if (
        given.length !== expected.length ||
        given.toString("base64url") !== signature ||
        !timingSafeEqual(given, expected)
      ) {
        return { ok: false, reason: "invalid" };
      }
      let payload: Payload;
      try {
        payload = JSON.parse(Buffer.from(data, "base64url").toString("utf8")) as Payload;
      } catch {
        return { ok: false, reason: "invalid" };
      }
      if (typeof payload.k !== "string" || typeof payload.e !== "number") {
        return { ok: false, reason: "invalid" };
      }
      if (payload.e * 1000 <= clock().getTime()) return { ok: false, reason: "expired" };
      return {
        ok: true,
        claims: {
          key: payload.k,
          expiresAt: payload.e,
          filename: typeof payload.f === "string" ? payload.f : null,
          contentType: typeof payload.t === "string" ? payload.t : null,
          disposition: payload.d === "i" ? "inline" : "attachment",
        },
      };
    },
  };
}
