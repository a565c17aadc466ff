/** Ids made from one call to Web Crypto: each such call costs about as much as the rest of a request's delivery. */
const IDS_PER_FILL = 256;
const BASE64URL = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/**
 * A maker of request and instance ids: 128 random bits from Web Crypto each, base64url (22
 * characters). The random bytes are drawn 256 ids at a time, and each byte is used once; each id is
 * one string made from its character codes, with nothing made on the way.
 */
export function createRelayIds(): () => string {
  const bytes = new Uint8Array(16 * IDS_PER_FILL);
  const alphabet = Array.from(BASE64URL, (char) => char.charCodeAt(0));
  const codes: number[] = new Array<number>(22).fill(0);
  let at = bytes.length;
  return () => {
    if (at === bytes.length) {
      crypto.getRandomValues(bytes);
      at = 0;
    }
    // Five groups of three bytes, four characters each; the last byte, two characters (no padding).
    for (let k = 0; k < 20; k += 4, at += 3) {
      const bits = (bytes[at]! << 16) | (bytes[at + 1]! << 8) | bytes[at + 2]!;
      codes[k] = alphabet[bits >> 18]!;
      codes[k + 1] = alphabet[(bits >> 12) & 63]!;
      codes[k + 2] = alphabet[(bits >> 6) & 63]!;
      codes[k + 3] = alphabet[bits & 63]!;
    }
    const last = bytes[at++]!;
    codes[20] = alphabet[last >> 2]!;
    codes[21] = alphabet[(last & 3) << 4]!;
    return String.fromCharCode.apply(null, codes);
  };
}
