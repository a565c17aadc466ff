// @vitest-environment node
// The paths a pattern check takes (createPatternTester.ts), driven with stand-in workers: which path
// answers, that a slow pattern moves to RE2 instead of being left to the server, and what RE2 refuses.
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPatternTester } from "../../../../src/core/validation/patterns/createPatternTester";
import { patternRe2WorkerMain } from "../../../../src/core/validation/patterns/patternRe2WorkerMain";
import { patternWorkerMain, type PatternWorkerReply, type PatternWorkerRequest } from "../../../../src/core/validation/patterns/patternWorkerMain";
import { toRe2Syntax } from "../../../../src/core/validation/patterns/toRe2Syntax";

interface StandIn {
  posted: PatternWorkerRequest[];
  terminated: boolean;
}

/**
 * A worker running patternWorkerMain in this process, asynchronously like a real one. `hangOn`
 * stands for a catastrophic check: such a request is never answered (a real worker would be busy
 * for minutes). `blocked` stands for a page whose policy refuses the worker: it reports an error.
 */
function standInWorker(
  log: StandIn[],
  { hangOn, blocked, main = patternWorkerMain }: { hangOn?: (request: PatternWorkerRequest) => boolean; blocked?: boolean; main?: typeof patternWorkerMain } = {},
) {
  return () => {
    const record: StandIn = { posted: [], terminated: false };
    log.push(record);
    const worker = {
      onmessage: null as ((event: MessageEvent<PatternWorkerReply>) => void) | null,
      onerror: null as ((event: Event) => void) | null,
      postMessage(request: PatternWorkerRequest) {
        record.posted.push(request);
        if (hangOn?.(request)) return;
        setTimeout(() => !record.terminated && scope.onmessage?.({ data: request } as MessageEvent<PatternWorkerRequest>), 1);
      },
      terminate() {
        record.terminated = true;
      },
    };
    const scope = {
      onmessage: null as ((event: MessageEvent<PatternWorkerRequest>) => void) | null,
      postMessage: (reply: PatternWorkerReply) =>
        setTimeout(() => !record.terminated && worker.onmessage?.({ data: reply } as MessageEvent<PatternWorkerReply>), 1),
    };
    if (blocked) setTimeout(() => worker.onerror?.(new Event("error")), 1);
    else main(scope);
    return worker as unknown as Worker;
  };
}

const throwing = () => {
  throw new Error("refused by the page's policy");
};

describe("createPatternTester: the path each page takes", () => {
  it("a page that blocks blob: workers checks patterns in the module worker", async () => {
    const blob: StandIn[] = [];
    const module: StandIn[] = [];
    const tester = createPatternTester({ workers: [standInWorker(blob, { blocked: true }), standInWorker(module)] });
    expect(await tester.test("^[0-9]{4}$", "12x")).toBe(false);
    expect(await tester.test("^[0-9]{4}$", "1234")).toBe(true);
    // A pattern RE2 cannot read is still checked in the form: the native engine runs it in the worker.
    expect(await tester.test("^(?=.*[0-9])[a-z0-9]{4}$", "abcd")).toBe(false);
    expect(await tester.placeOf("^(?=.*[0-9])[a-z0-9]{4}$")).toBe("form");
    expect(module[0]!.posted.map((request) => request.input)).toEqual(["12x", "1234", "abcd"]);
    tester.dispose();
  });

  it("a worker that never answers its greeting is given up after the start timeout, and the next way checks the pattern", async () => {
    const silent: StandIn[] = [];
    const module: StandIn[] = [];
    const mute = () => undefined;
    const tester = createPatternTester({ startTimeoutMs: 30, workers: [standInWorker(silent, { main: mute }), standInWorker(module)] });
    expect(await tester.test("^[0-9]{4}$", "12x")).toBe(false);
    expect(silent[0]!.terminated).toBe(true);
    expect(module[0]!.posted.map((request) => request.input)).toEqual(["12x"]);
    tester.dispose();
  });

  it("a page where no worker starts checks every pattern RE2 can read, and only the others are left to the server", async () => {
    const tester = createPatternTester({ workers: [throwing, standInWorker([], { blocked: true })] });
    expect(await tester.test("^[0-9]{4}$", "12x")).toBe(false);
    expect(await tester.test("^[0-9]{4}$", "2025")).toBe(true);
    expect(await tester.placeOf("^[0-9]{4}$")).toBe("form");
    // Both catastrophic examples, in linear time.
    expect(await tester.test("^(a+)+$", "a".repeat(9_999) + "!")).toBe(false);
    expect(await tester.test("^(\\w+\\s?)*$", "word ".repeat(2_000) + "!")).toBe(false);
    expect(await tester.test("^(\\w+\\s?)*$", "word ".repeat(2_000))).toBe(true);
    expect(await tester.placeOf("^(?=.*[0-9])[a-z0-9]{4}$")).toBe("server");
    expect(await tester.test("^(?=.*[0-9])[a-z0-9]{4}$", "abcd")).toBeUndefined();
  });

  it("a pattern that misses the deadline gets RE2's verdict, and RE2 keeps it: the worker never sees it again", async () => {
    const workers: StandIn[] = [];
    const catastrophic = "^(a+)+$";
    const tester = createPatternTester({ deadlineMs: 50, workers: [standInWorker(workers, { hangOn: (r) => r.pattern === catastrophic && r.input.endsWith("!") })] });
    expect(await tester.test(catastrophic, "aaaa")).toBe(true);
    const started = Date.now();
    const checks = [tester.test(catastrophic, "a".repeat(9_999) + "!"), tester.test("^b$", "b")];
    expect(await Promise.all(checks)).toEqual([false, true]);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The hung worker was ended; a fresh one took the other check.
    expect(workers).toHaveLength(2);
    expect(workers[0]!.terminated).toBe(true);
    expect(await tester.test(catastrophic, "a".repeat(50))).toBe(true);
    expect(workers[1]!.posted.map((request) => request.pattern)).toEqual(["^b$"]);
    expect(await tester.placeOf(catastrophic)).toBe("form");
    tester.dispose();
  });

  it("a pattern that misses the deadline is checked by RE2 in a worker of its own, never on the main thread", async () => {
    const workers: StandIn[] = [];
    const re2Workers: StandIn[] = [];
    const catastrophic = "^(\\w+\\s?)*$";
    const tester = createPatternTester({
      deadlineMs: 50,
      workers: [standInWorker(workers, { hangOn: (r) => r.pattern === catastrophic })],
      re2Workers: [standInWorker(re2Workers, { main: patternRe2WorkerMain })],
    });
    expect(await tester.test(catastrophic, "word ".repeat(2_000) + "!")).toBe(false);
    expect(workers[0]!.terminated).toBe(true);
    expect(await tester.test(catastrophic, "two words")).toBe(true);
    // RE2 cannot read a lookahead: the RE2 worker says so, and the form says the server decides.
    const slowLookahead = "^(?=a)(a+)+$";
    const withLookahead = createPatternTester({
      deadlineMs: 50,
      workers: [standInWorker([], { hangOn: (r) => r.pattern === slowLookahead })],
      re2Workers: [standInWorker(re2Workers, { main: patternRe2WorkerMain })],
    });
    expect(await withLookahead.test(slowLookahead, "aaaa!")).toBeUndefined();
    expect(await withLookahead.placeOf(slowLookahead)).toBe("server");
    expect(re2Workers.flatMap((worker) => worker.posted.map((request) => request.input))).toEqual([
      "word ".repeat(2_000) + "!",
      "two words",
      "aaaa!",
      "",
    ]);
    tester.dispose();
    withLookahead.dispose();
    expect(re2Workers[0]!.terminated).toBe(true);
  });

  it("an RE2 worker the page refuses leaves RE2 to the main thread, and a page without workers never tries one", async () => {
    const catastrophic = "^(a+)+$";
    const refused: StandIn[] = [];
    const tester = createPatternTester({
      deadlineMs: 50,
      workers: [standInWorker([], { hangOn: (r) => r.pattern === catastrophic })],
      re2Workers: [standInWorker(refused, { blocked: true })],
    });
    expect(await tester.test(catastrophic, "a".repeat(9_999) + "!")).toBe(false);
    expect(await tester.test(catastrophic, "aaa")).toBe(true);
    expect(refused).toHaveLength(1);
    tester.dispose();

    const never: StandIn[] = [];
    const workerless = createPatternTester({ workers: [throwing], re2Workers: [standInWorker(never, { main: patternRe2WorkerMain })] });
    expect(await workerless.test("^[0-9]{4}$", "12x")).toBe(false);
    // One refused worker is all a page without workers reports: RE2 runs on the main thread at once.
    expect(never).toHaveLength(0);
    workerless.dispose();
  });

  it("an unchanged value is not checked again: typing in one field leaves the others' verdicts as they were", async () => {
    const re2Workers: StandIn[] = [];
    const catastrophic = "^(a+)+$";
    const tester = createPatternTester({
      deadlineMs: 50,
      workers: [standInWorker([], { hangOn: (r) => r.pattern === catastrophic })],
      re2Workers: [standInWorker(re2Workers, { main: patternRe2WorkerMain })],
    });
    const long = "a".repeat(9_999) + "!";
    expect(await tester.test(catastrophic, long)).toBe(false);
    expect(await tester.test(catastrophic, long)).toBe(false);
    expect(await tester.test(catastrophic, long + "!")).toBe(false);
    expect(re2Workers[0]!.posted.map((request) => request.input.length)).toEqual([10_000, 10_001]);
    tester.dispose();
  });

  it("a value checked once, or by several fields with the same pattern at once, goes to the worker once", async () => {
    const log: StandIn[] = [];
    const tester = createPatternTester({ workers: [standInWorker(log)] });
    const code = "^[A-Z]{3}-[0-9]{3}$";
    // Five fields with the same pattern and default, checked together on a Submit.
    expect(await Promise.all(Array.from({ length: 5 }, () => tester.test(code, "ABC-123")))).toEqual([true, true, true, true, true]);
    // The person leaves a field (checked then), and submits: the verdict is known.
    expect(await tester.test(code, "abc-123")).toBe(false);
    expect(await tester.test(code, "abc-123")).toBe(false);
    expect(await tester.test(code, "ABC-123")).toBe(true);
    expect(log[0]!.posted.map((request) => request.input)).toEqual(["ABC-123", "abc-123"]);
    tester.dispose();
  });

  it("a slow pattern RE2 cannot read is left to the server, and said to be", async () => {
    const slow = "^(a+)+(?=!)\\1$";
    const tester = createPatternTester({ deadlineMs: 50, workers: [standInWorker([], { hangOn: (r) => r.pattern === slow })] });
    expect(await tester.placeOf(slow)).toBe("form");
    expect(await tester.test(slow, "aaaa!")).toBeUndefined();
    expect(await tester.placeOf(slow)).toBe("server");
    tester.dispose();
  });

  describe("the default ways, tried on a page in this order", () => {
    /**
     * A page whose policy refuses the workers `refuses` picks (script-src 'self' by default: blob: ones):
     * every worker the tester asks it for, and the ones it refused (each a CSP violation report).
     */
    function strictSelfPage(refuses = (url: string) => url.startsWith("blob:")) {
      const asked: string[] = [];
      const refused: string[] = [];
      class PageWorker {
        onmessage: ((event: MessageEvent<PatternWorkerReply>) => void) | null = null;
        onerror: ((event: Event) => void) | null = null;
        private ended = false;
        private readonly scope = {
          onmessage: null as ((event: MessageEvent<PatternWorkerRequest>) => void) | null,
          postMessage: (reply: PatternWorkerReply) => setTimeout(() => !this.ended && this.onmessage?.({ data: reply } as MessageEvent<PatternWorkerReply>), 1),
        };
        constructor(url: string | URL, options?: { type?: string }) {
          const where = String(url);
          asked.push(where.startsWith("blob:") ? "blob:" : `${where.split("/").pop()} (${options?.type ?? "classic"})`);
          if (refuses(where)) {
            refused.push(where);
            setTimeout(() => this.onerror?.(new Event("error")), 1);
          } else {
            patternWorkerMain(this.scope as never);
          }
        }
        postMessage(request: PatternWorkerRequest) {
          setTimeout(() => !this.ended && this.scope.onmessage?.({ data: request } as MessageEvent<PatternWorkerRequest>), 1);
        }
        terminate() {
          this.ended = true;
        }
      }
      vi.stubGlobal("Worker", PageWorker);
      return { asked, refused };
    }
    afterEach(() => {
      vi.unstubAllGlobals();
    });

    it("the package's own worker file is tried first: the pattern is checked and the page's policy refuses nothing", async () => {
      const page = strictSelfPage();
      const tester = createPatternTester();
      expect(await tester.test("^[0-9]{4}$", "12x")).toBe(false);
      expect(await tester.test("^[0-9]{4}$", "2025")).toBe(true);
      expect(page.asked).toEqual(["patternWorkerModule.js (module)"]);
      // A refused worker is a violation report the host's security team reads: none here.
      expect(page.refused).toEqual([]);
      tester.dispose();
    });

    it("a page that allows only blob: workers (worker-src blob:) checks patterns in the blob: one next", async () => {
      const page = strictSelfPage((url) => !url.startsWith("blob:"));
      const tester = createPatternTester();
      expect(await tester.test("^[0-9]{4}$", "12x")).toBe(false);
      expect(page.asked).toEqual(["patternWorkerModule.js (module)", "blob:"]);
      tester.dispose();
    });
  });

  it("without any Worker (Node, SSR) patterns run in place, as a server runs them", async () => {
    const tester = createPatternTester();
    expect(await tester.test("^(a)\\1$", "aa")).toBe(true);
    expect(await tester.placeOf("(?=a)")).toBe("form");
  });
});

describe("toRe2Syntax: only constructs with the same meaning in RE2", () => {
  it.each([
    ["backreference", "(a)\\1"],
    ["named backreference", "(?<n>a)\\k<n>"],
    ["lookahead", "a(?=b)"],
    ["negative lookbehind", "(?<!a)b"],
    ["Unicode property (another Unicode version)", "\\p{L}"],
    ["modifiers", "(?i:a)"],
    ["repetition beyond RE2's limit", "a{1001}"],
    ["lone surrogate", "\\uD800"],
    ["invalid in u mode", "\\a"],
  ])("refuses a %s", (_, pattern) => {
    expect(toRe2Syntax(pattern)).toBeUndefined();
  });

  it("spells out what RE2 reads differently", () => {
    // \s is ECMAScript's white space and line terminators, "." excludes all four line terminators, $ is the very end.
    expect(toRe2Syntax("^\\s$")).toBe("\\A[\\x{9}-\\x{D}\\x{20}\\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}-\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}]\\z");
    expect(toRe2Syntax(".")).toBe("[\\x{0}-\\x{9}\\x{B}-\\x{C}\\x{E}-\\x{2027}\\x{202A}-\\x{10FFFF}]");
    expect(toRe2Syntax("\\uD83D\\uDE00|\\u{1F600}")).toBe("\\x{1F600}|\\x{1F600}");
    expect(toRe2Syntax("[]")).toBe("[^\\x{0}-\\x{10FFFF}]");
  });
});
