import { describe, expect, it } from "vitest";
import { DEFAULT_LINK_TTL_SECONDS, withSignedLinks, type StorageDriver } from "./index";
import { createLinkSigner } from "./signed";

const SECRET = "a-test-secret-that-is-long-enough-0123456789";
const NOW = new Date("2026-09-01T03:00:00.000Z");
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Signed links never touch the driver: a driver that refuses every call proves it. */
const noDriver = new Proxy({} as StorageDriver, {
  get: (_target, name) => (name === "driver" ? "disk" : () => Promise.reject(new Error("unused"))),
});

describe("signed link tokens", () => {
  const signer = createLinkSigner(SECRET, () => NOW);
  const token = signer.sign({
    key: "private/ab/film.mp4",
    expiresAt: Math.floor(NOW.getTime() / 1000) + 60,
    filename: "Phim dự thi.mp4",
    contentType: null,
    disposition: "inline",
  });

  it("accepts the original and refuses every other last character of the signature", () => {
    expect(signer.verify(token).ok).toBe(true);
    const head = token.slice(0, -1);
    const accepted = [...BASE64URL, "=", ".", "%", "é"].filter(
      (last) => signer.verify(`${head}${last}`).ok,
    );
    expect(accepted).toEqual([token.slice(-1)]);
  });

  it("refuses padding, a trailing character or a signature in standard base64", () => {
    const [data, signature] = token.split(".") as [string, string];
    const standard = Buffer.from(signature, "base64url").toString("base64");
    for (const variant of [`${token}=`, `${token}A`, `${data}.${standard}`, `${data}.`, data]) {
      expect(signer.verify(variant), variant).toEqual({ ok: false, reason: "invalid" });
    }
  });

  it("refuses a changed payload", () => {
    const [data, signature] = token.split(".") as [string, string];
    const other = Buffer.from(
      Buffer.from(data, "base64url").toString("utf8").replace("film", "flim"),
    ).toString("base64url");
    expect(signer.verify(`${other}.${signature}`).ok).toBe(false);
  });
});

describe("signed link lifetimes", () => {
  const storage = withSignedLinks(noDriver, SECRET, () => NOW);
  const expiresIn = (url: string) => {
    const verified = storage.verifySignedToken(url.slice("/tep/".length));
    if (!verified.ok) throw new Error(verified.reason);
    return verified.claims.expiresAt - Math.floor(NOW.getTime() / 1000);
  };

  it("last 15 minutes (the README), less when asked, never more", () => {
    expect(DEFAULT_LINK_TTL_SECONDS).toBe(15 * 60);
    expect(expiresIn(storage.signedUrl("private/ab/a.pdf"))).toBe(15 * 60);
    expect(expiresIn(storage.signedUrl("private/ab/a.pdf", { ttlSeconds: 60 }))).toBe(60);
    expect(expiresIn(storage.signedUrl("private/ab/a.pdf", { ttlSeconds: 60 * 60 }))).toBe(15 * 60);
  });
});
