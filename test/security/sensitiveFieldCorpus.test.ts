// @vitest-environment node
// How well the sensitive-field check reads fields: recall (requests for a secret it flags) and
// false positives (ordinary fields it flags) over a labelled set, printed, with the goals asserted.
import { describe, expect, it } from "vitest";
import { detectSensitiveField } from "../../src/core/request/sensitiveFields";
import { sensitiveFieldCorpus } from "./sensitiveFieldCorpus";

describe("the sensitive-field check over a labelled set of field texts", () => {
  const asks = sensitiveFieldCorpus.filter((f) => f.asks);
  const ordinary = sensitiveFieldCorpus.filter((f) => !f.asks);
  const missed = asks.filter((f) => detectSensitiveField(f) === undefined);
  const flagged = ordinary.filter((f) => detectSensitiveField(f) !== undefined);
  const recall = (asks.length - missed.length) / asks.length;
  const falsePositiveRate = flagged.length / ordinary.length;

  it("has at least 150 labelled fields, both kinds well represented", () => {
    expect(sensitiveFieldCorpus.length).toBeGreaterThanOrEqual(150);
    expect(asks.length).toBeGreaterThanOrEqual(60);
    expect(ordinary.length).toBeGreaterThanOrEqual(60);
  });

  it("finds at least 95% of requests for a secret and flags at most 2% of ordinary fields", () => {
    console.log(
      `sensitive fields: ${sensitiveFieldCorpus.length} labelled (${asks.length} asking, ${ordinary.length} ordinary); ` +
        `recall ${(recall * 100).toFixed(1)}%, false positives ${(falsePositiveRate * 100).toFixed(1)}%`,
    );
    for (const f of missed) console.log(`  missed: ${JSON.stringify(f)}`);
    for (const f of flagged) console.log(`  flagged: ${JSON.stringify(f)} → ${detectSensitiveField(f)}`);
    expect(recall).toBeGreaterThanOrEqual(0.95);
    expect(falsePositiveRate).toBeLessThanOrEqual(0.02);
  });
});
