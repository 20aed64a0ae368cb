import { randomBytes } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyReply {
    /** Fresh for every response; only scripts carrying it may run (CSP `script-src`). */
    scriptNonce: string;
  }
}

const nonces = new WeakMap<object, string>();

const NONCE_BYTES = 16;
/** Random bytes from the system's CSPRNG, drawn 4 KiB at a time and each used for one nonce. */
let noncePool = Buffer.alloc(0);
let noncePoolAt = 0;

/** A fresh nonce: 16 bytes never used before, base64 (one system call per 256 responses). */
function freshNonce(): string {
  if (noncePoolAt + NONCE_BYTES > noncePool.length) {
    noncePool = randomBytes(256 * NONCE_BYTES);
    noncePoolAt = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolAt, noncePoolAt + NONCE_BYTES);
  noncePoolAt += NONCE_BYTES;
  return nonce;
}

/** The nonce of the response a raw Node response belongs to (helmet's directives see raw objects). */
function nonceOf(res: object): string {
  return nonces.get(res) ?? "";
}

/**
 * Security headers on every response: a nonce-based CSP (no inline script without the
 * nonce), no framing by other sites, nosniff, a strict referrer policy; HSTS when `hsts`.
 */
export const securityHeaders = fp(async (app: FastifyInstance, options: { hsts?: boolean }) => {
  app.decorateReply("scriptNonce", "");
  app.addHook("onRequest", async (_request, reply: FastifyReply) => {
    reply.scriptNonce = freshNonce();
    nonces.set(reply.raw, reply.scriptNonce);
  });
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // 'wasm-unsafe-eval' lets the PDF viewer's worker compile pdf.js's WebAssembly
        // decoders (JPEG 2000, JBIG2, ICC colours); it allows no JavaScript eval.
        scriptSrc: [
          "'self'",
          (_req, res) => `'nonce-${nonceOf(res)}'`,
          "'strict-dynamic'",
          "'wasm-unsafe-eval'",
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
        mediaSrc: ["'self'", "blob:"],
        frameSrc: ["'self'", "https://www.youtube-nocookie.com", "https://player.vimeo.com"],
        workerSrc: ["'self'", "blob:"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    // HSTS only when the public URL is https (a proxy in front terminates TLS): sent over a
    // plain-http site it would make the browser refuse that site for a year.
    strictTransportSecurity:
      options.hsts === true ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
});
