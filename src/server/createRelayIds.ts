/** Ids made from one call to Web Crypto: each such call costs about as much as the rest of a request's delivery. */
const IDS_PER_FILL = 256;

/**
 * A maker of request and instance ids: 128 random bits from Web Crypto each, base64url (22
 * characters). The random bytes are drawn 256 ids at a time, and each byte is used once.
 */
export function createRelayIds(): () => string {
  const bytes = new Uint8Array(16 * IDS_PER_FILL);
  let at = bytes.length;
  return () => {
    if (at === bytes.length) {
      crypto.getRandomValues(bytes);
      at = 0;
    }
    let binary = "";
    for (const end = at + 16; at < end; at++) binary += String.fromCharCode(bytes[at]!);
    return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  };
}
