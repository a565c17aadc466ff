// @vitest-environment node
// Every store call is bounded in time: one that hangs becomes StoreUnavailable once its own time
// is up — not sooner because an older call ran out, not later because a newer one is still running.
import { describe, expect, it } from "vitest";
import { createStoreGuard, StoreUnavailable } from "../../src/server/createStoreGuard";

const hang = () => new Promise<never>(() => undefined);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("createStoreGuard", () => {
  it("fails each hung call once its own time is up, names its operation, and lets every other call through", async () => {
    const failed: string[] = [];
    const guard = createStoreGuard(200, (operation) => failed.push(operation));
    const started = performance.now();
    const first = guard("open", hang).catch((error: unknown) => ({ error, at: performance.now() - started }));
    await pause(120);
    const second = guard("snapshot", hang).catch((error: unknown) => ({ error, at: performance.now() - started }));
    // Calls that answer, in between, settle with their value.
    expect(await guard("get", async () => 42)).toBe(42);
    await expect(guard("settle", () => Promise.reject(new Error("refused")))).rejects.toBeInstanceOf(StoreUnavailable);
    const [one, two] = await Promise.all([first, second]);
    expect(one.error).toBeInstanceOf(StoreUnavailable);
    expect((one.error as StoreUnavailable).operation).toBe("open");
    expect(one.at).toBeGreaterThanOrEqual(195);
    expect(one.at).toBeLessThan(300);
    // The second started 120 ms later: it runs out 120 ms later, not with the first.
    expect((two.error as StoreUnavailable).operation).toBe("snapshot");
    expect(two.at).toBeGreaterThanOrEqual(315);
    expect(failed).toEqual(["settle", "open", "snapshot"]);
    // After they ran out, the guard still bounds new calls.
    const later = performance.now();
    await expect(guard("claim", hang)).rejects.toBeInstanceOf(StoreUnavailable);
    expect(performance.now() - later).toBeGreaterThanOrEqual(195);
  });

  it("turns a call that throws at once into StoreUnavailable, and a late answer after the time is up changes nothing", async () => {
    const guard = createStoreGuard(50, () => undefined);
    await expect(
      guard("open", () => {
        throw new Error("no connection");
      }),
    ).rejects.toBeInstanceOf(StoreUnavailable);
    let answer: (value: string) => void = () => undefined;
    const late = guard("open", () => new Promise<string>((resolve) => (answer = resolve)));
    await expect(late).rejects.toBeInstanceOf(StoreUnavailable);
    answer("too late");
    await pause(10);
    await expect(late).rejects.toBeInstanceOf(StoreUnavailable);
  });

  it("hands the outcome to callbacks the same way: the value, or StoreUnavailable once its time is up and never the late value after it", async () => {
    const failed: string[] = [];
    const guard = createStoreGuard(50, (operation) => failed.push(operation));
    const heard: unknown[] = [];
    const hear = (operation: string, work: () => Promise<unknown>) =>
      new Promise<void>((done) =>
        guard.callback(
          operation,
          work,
          (value) => done(void heard.push({ operation, value })),
          (error) => done(void heard.push({ operation, error: error instanceof StoreUnavailable ? error.operation : error })),
        ),
      );
    await hear("get", async () => 7);
    await hear("open", () => {
      throw new Error("no connection");
    });
    let answer: (value: string) => void = () => undefined;
    const started = performance.now();
    await hear("settle", () => new Promise<string>((resolve) => (answer = resolve)));
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    answer("too late");
    await pause(10);
    expect(heard).toEqual([
      { operation: "get", value: 7 },
      { operation: "open", error: "open" },
      { operation: "settle", error: "settle" },
    ]);
    expect(failed).toEqual(["open", "settle"]);
  });
});
