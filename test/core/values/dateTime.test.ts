// @vitest-environment node
// Runs in whatever zone the machine is in; expectations are derived from Date itself.
import { describe, expect, it } from "vitest";
import { localInputToRfc3339, rfc3339ToLocalInput } from "../../../src/core/values/dateTime";

describe("date-time conversion in the runtime's zone", () => {
  it("names the same instant the user typed", () => {
    for (const input of ["2025-01-15T09:05", "2025-07-15T21:45:30"]) {
      const sent = localInputToRfc3339(input)!;
      expect(sent).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}[+-]\d{2}:\d{2}$/);
      expect(new Date(sent).getTime()).toBe(new Date(input).getTime());
      expect(rfc3339ToLocalInput(sent)).toBe(input);
    }
  });

  it("shows an instant as the local wall-clock time Date reports", () => {
    const local = new Date(Date.UTC(2025, 0, 1, 11, 0, 0));
    const pad = (n: number) => String(n).padStart(2, "0");
    expect(rfc3339ToLocalInput("2025-01-01T11:00:00Z")).toBe(
      `${local.getFullYear()}-${pad(local.getMonth() + 1)}-${pad(local.getDate())}T${pad(local.getHours())}:${pad(local.getMinutes())}`,
    );
  });
});
