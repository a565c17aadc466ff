// @vitest-environment node
// Fixed zones so DST behaviour is checked the same way on every machine (CI runs in UTC).
process.env.TZ = "Europe/Paris";

import { afterAll, describe, expect, it } from "vitest";
import { localInputToRfc3339, rfc3339ToLocalInput } from "../../../src/core/values/dateTime";

describe("date-time conversion in Europe/Paris", () => {
  it("shows an RFC 3339 value as local wall-clock time", () => {
    expect(rfc3339ToLocalInput("2025-01-01T11:00:00Z")).toBe("2025-01-01T12:00");
    expect(rfc3339ToLocalInput("2025-07-01T11:00:00Z")).toBe("2025-07-01T13:00");
    expect(rfc3339ToLocalInput("2025-01-01T12:00:00+01:00")).toBe("2025-01-01T12:00");
    expect(rfc3339ToLocalInput("2025-01-01T06:30:15-05:00")).toBe("2025-01-01T12:30:15");
    expect(rfc3339ToLocalInput("2024-12-31T23:30:00Z")).toBe("2025-01-01T00:30");
  });

  it("sends local input with seconds and the offset in force on that date", () => {
    expect(localInputToRfc3339("2025-01-01T12:00")).toBe("2025-01-01T12:00:00+01:00");
    expect(localInputToRfc3339("2025-07-01T12:00")).toBe("2025-07-01T12:00:00+02:00");
    expect(localInputToRfc3339("2025-07-01T12:00:45")).toBe("2025-07-01T12:00:45+02:00");
    expect(localInputToRfc3339("2025-07-01T12:00:45.500")).toBe("2025-07-01T12:00:45+02:00");
  });

  it("keeps a time skipped by the spring-forward jump and names a real instant", () => {
    const sent = localInputToRfc3339("2025-03-30T02:30");
    expect(sent).toBe("2025-03-30T02:30:00+01:00");
    expect(new Date(sent!).toISOString()).toBe("2025-03-30T01:30:00.000Z");
  });

  it("round-trips", () => {
    for (const input of ["2025-01-01T12:00", "2025-10-26T12:34:56", "2000-02-29T00:00"]) {
      expect(rfc3339ToLocalInput(localInputToRfc3339(input)!)).toBe(input);
    }
  });

  it("refuses values that are not date-times", () => {
    for (const value of ["", "2025-01-01", "2025-02-30T12:00", "2025-01-01T24:00", "2025-01-01T12:60", "12:00", "2025-01-01T12:00Z"]) {
      expect(localInputToRfc3339(value)).toBeUndefined();
    }
    for (const value of ["", "2025-01-01", "2025-01-01T12:00:00", "2025-13-01T12:00:00Z", "yesterday"]) {
      expect(rfc3339ToLocalInput(value)).toBe("");
    }
  });
});

describe("date-time conversion in other zones", () => {
  afterAll(() => {
    process.env.TZ = "Europe/Paris";
  });

  it("uses negative and half-hour offsets", () => {
    process.env.TZ = "America/New_York";
    expect(localInputToRfc3339("2025-01-01T12:00")).toBe("2025-01-01T12:00:00-05:00");
    expect(localInputToRfc3339("2025-07-01T12:00")).toBe("2025-07-01T12:00:00-04:00");
    expect(rfc3339ToLocalInput("2025-01-01T17:00:00Z")).toBe("2025-01-01T12:00");
    process.env.TZ = "Asia/Kolkata";
    expect(localInputToRfc3339("2025-01-01T12:00")).toBe("2025-01-01T12:00:00+05:30");
    expect(rfc3339ToLocalInput("2025-01-01T06:30:00Z")).toBe("2025-01-01T12:00");
  });

  it("writes +00:00, never Z, in UTC", () => {
    process.env.TZ = "UTC";
    expect(localInputToRfc3339("2025-01-01T12:00")).toBe("2025-01-01T12:00:00+00:00");
    // Years below 100 are not shifted to the 1900s.
    expect(localInputToRfc3339("0099-06-15T08:00")).toBe("0099-06-15T08:00:00+00:00");
    expect(rfc3339ToLocalInput("0099-06-15T08:00:00Z")).toBe("0099-06-15T08:00");
  });
});
