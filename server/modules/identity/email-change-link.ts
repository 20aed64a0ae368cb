/**
 * Whether an emailed confirmation link's token is a change of email (its payload names the
 * new address, `updateTo`) rather than the confirmation after registering. Read without
 * checking the signature: it only decides where the link goes first, and the authentication
 * library checks the token itself when the link is opened.
 */
export function isEmailChangeToken(token: string | null): boolean {
  return typeof linkTokenClaims(token)?.updateTo === "string";
}

/**
 * The claims of an emailed confirmation link's token (`email`, and `updateTo` for a change of
 * email), read without checking the signature; null when it is not a token of that form.
 */
export function linkTokenClaims(
  token: string | null,
): { email?: unknown; updateTo?: unknown } | null {
  if (!token || token.length > 4096) return null;
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return typeof claims === "object" && claims !== null ? claims : null;
  } catch {
    return null;
  }
}
