// @vitest-environment node
// Request ids are 128 random bits each, base64url: what the wire's id check takes, and every byte drawn used once.
import { afterEach, describe, expect, it, vi } from "vitest";
import { RELAY_REQUEST_ID } from "../../src/core/relay/relayWire";
import { createRelayIds } from "../../src/server/createRelayIds";

afterEach(() => vi.restoreAllMocks());

describe("createRelayIds", () => {
  it("makes each id of 16 of the bytes drawn, as base64url, in the order drawn", () => {
    const drawn: Uint8Array[] = [];
    vi.spyOn(crypto, "getRandomValues").mockImplementation(<T extends ArrayBufferView | null>(array: T): T => {
      const bytes = array as unknown as Uint8Array;
      // Every byte value, in each position of a group of three, across the draws.
      for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + drawn.length * 13) % 256;
      drawn.push(bytes.slice());
      return array;
    });
    const next = createRelayIds();
    const ids = Array.from({ length: 600 }, next);
    expect(drawn).toHaveLength(3);
    ids.forEach((id, i) => {
      const draw = drawn[Math.floor(i / 256)]!;
      const at = (i % 256) * 16;
      expect(id).toBe(Buffer.from(draw.subarray(at, at + 16)).toString("base64url"));
      expect(RELAY_REQUEST_ID.test(id)).toBe(true);
    });
  });

  it("makes different ids from real random bytes", () => {
    const next = createRelayIds();
    const ids = new Set(Array.from({ length: 2_000 }, next));
    expect(ids.size).toBe(2_000);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{22}$/);
  });
});
