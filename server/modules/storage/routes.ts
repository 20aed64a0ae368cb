import type { FastifyPluginAsync, FastifyReply } from "fastify";
import { z } from "zod";
import { answerInvalidRequests, useApiSchemas } from "../../plugins/api-schemas";
import { sendStoredObject } from "./http";
import type { Storage } from "./index";

/** `Content-Disposition` with a plain-ASCII fallback and the UTF-8 name (RFC 6266 / 8187). */
export function contentDisposition(kind: "attachment" | "inline", filename: string | null): string {
  if (!filename) return kind;
  const clean = filename.replace(/[\r\n"\\/]/g, "_").slice(0, 200);
  // Vietnamese without its marks for old clients ("Phim dự thi" → "Phim du thi").
  const ascii = clean
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/đ/g, "d")
    .replace(/Đ/g, "D")
    .replace(/[^\x20-\x7e]/g, "_");
  const encoded = encodeURIComponent(clean).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}

/** Types a browser may show in its own tab (a picture, a player): nothing that runs script. */
const INLINE_SAFE = /^(image\/(jpeg|png|webp|avif|gif)|video\/(mp4|quicktime|webm|x-m4v))$/;

const refuse = (reply: FastifyReply, status: number, error: string) =>
  reply
    .code(status)
    .header("cache-control", "no-store")
    .type("application/json; charset=utf-8")
    .send({ error });

/**
 * Private files through short-lived signed links, `GET /tep/<token>` (register without a
 * prefix). Whoever made the link checked who may see the file; here only the signature and
 * the expiry are checked: tampered → 403, expired → 410. Byte ranges let a 1 GB video be
 * scrubbed. Responses are `private` (no shared cache keeps them), `nosniff`, sandboxed, and
 * download as attachments — except images and video asked for `inline`, so a staff member
 * can look at a picture or play a film in a tab; those types never run script.
 */
export const signedLinkRoutes: FastifyPluginAsync<{ storage: Storage }> = async (
  plugin,
  { storage },
) => {
  const app = useApiSchemas(plugin);
  // Not of a token's form (base64url payload, a dot, base64url signature): not a link of ours.
  answerInvalidRequests(plugin, (reply) => refuse(reply, 403, "storage.linkInvalid"));
  const params = z.object({ "*": z.string().regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/) });
  // A wildcard, not a `:token` parameter: a link with a long file name may pass the router's
  // parameter length limit.
  app.get("/tep/*", { compress: false, schema: { params } }, async (request, reply) => {
    const verified = storage.verifySignedToken(request.params["*"]);
    if (!verified.ok) {
      return verified.reason === "expired"
        ? refuse(reply, 410, "storage.linkExpired")
        : refuse(reply, 403, "storage.linkInvalid");
    }
    const { claims } = verified;
    const stat = await storage.stat(claims.key);
    const type = claims.contentType ?? stat?.contentType ?? "application/octet-stream";
    const inline = claims.disposition === "inline" && INLINE_SAFE.test(type);
    const secondsLeft = Math.max(0, claims.expiresAt - Math.floor(Date.now() / 1000));
    reply
      .header("cache-control", `private, max-age=${Math.min(secondsLeft, 900)}`)
      .header(
        "content-disposition",
        contentDisposition(inline ? "inline" : "attachment", claims.filename),
      )
      .header("content-security-policy", "default-src 'none'; sandbox")
      .header("cross-origin-resource-policy", "same-origin")
      .header("referrer-policy", "no-referrer");
    return sendStoredObject(request, reply, storage, claims.key, {
      contentType: type,
      stat,
      onMissing: () => refuse(reply, 404, "storage.notFound"),
    });
  });
};
