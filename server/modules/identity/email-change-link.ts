/**
 * Whether an emailed confirmation link's token is a change of email (its payload names the
 * new address, `updateTo`) rather than the confirmation after registering. Read without
 * checking the signature: it only decides where the link goes first, and the authentication
 * library checks the token itself when the link is opened.
 */
export function isEmailChangeToken(token: string | null): boolean {
  if (!token || token.length > 4096) return false;
  const payload = token.split(".")[1];
  if (!payload) return false;
  try {
    const claims: unknown = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
    return (
      typeof claims === "object" &&
      claims !== null &&
      typeof (claims as { updateTo?: unknown }).updateTo === "string"
    );
  } catch {
    return false;
  }
}
