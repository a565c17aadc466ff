// @vitest-environment node
// A request's event text is made once, from the params' text the admission made: what a window reads
// must be exactly the event the record's fields make, whatever the host put in them.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { RelayRecord } from "../../../src/server/ElicitationRelayStore";
import { requestEventIdOf, requestEventJson } from "../../../src/server/relay/requestEventJson";
import { requestEventOf } from "../../../src/server/relay/requestEventOf";

const text = fc.string({ unit: "binary", maxLength: 40 });
const record = fc.record(
  {
    id: text,
    owner: text,
    serverName: text,
    params: fc.dictionary(text, fc.jsonValue(), { maxKeys: 6 }),
    context: fc.dictionary(text, text, { maxKeys: 3 }),
    receivedAt: fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })),
    deadline: fc.integer({ min: 0 }),
    holder: text,
    remember: fc.subarray(["chat", "server"] as const, { minLength: 1 }),
    remembered: fc.record({ key: text, at: fc.integer({ min: 0 }) }),
  },
  { requiredKeys: ["id", "owner", "serverName", "params", "receivedAt", "holder"] },
);

describe("requestEventJson", () => {
  it("is the text of the record's request event, with or without the params' own text", () => {
    fc.assert(
      fc.property(record, (given) => {
        const expected = JSON.stringify(requestEventOf(given as RelayRecord));
        expect(requestEventJson(given as RelayRecord, JSON.stringify(given.params))).toBe(expected);
        expect(requestEventJson(given as RelayRecord)).toBe(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("gives back the record's id from its event's text, whatever characters the id holds", () => {
    fc.assert(
      fc.property(record, (given) => {
        expect(requestEventIdOf(requestEventJson(given as RelayRecord, JSON.stringify(given.params)))).toBe(given.id);
      }),
      { numRuns: 500 },
    );
    expect(requestEventIdOf(requestEventJson({ id: 'a","serverName":"b\\', owner: "o", serverName: "S", params: { message: "m" }, receivedAt: 1, holder: "h" } as RelayRecord))).toBe('a","serverName":"b\\');
  });
});
