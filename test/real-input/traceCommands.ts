import type { BrowserCommand } from "vitest/node";

// The page's main thread as Chromium records it, for browser tests that bound how long one task may
// hold it: a trace (the Long Tasks API's tasks, with the JavaScript sampling profiler's stacks inside
// each, so a task is known to have run the library's code or only the test harness's), and the CPU
// slowed down the way DevTools does for a slower phone.

interface Session {
  send(method: string, params?: object): Promise<unknown>;
  on(event: string, listener: (payload: { value: TraceEvent[] }) => void): void;
  once(event: string, listener: () => void): void;
  detach(): Promise<void>;
}
interface PlaywrightContext {
  page: unknown;
  context: { newCDPSession(page: unknown): Promise<Session> };
}
interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  id?: string;
  args?: {
    name?: string;
    data?: {
      startTime?: number;
      cpuProfile?: { nodes?: Array<{ id: number; parent?: number; callFrame: { functionName: string; url?: string; lineNumber?: number } }>; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

/** One main-thread task of 50 ms or more (wall clock, as the Long Tasks API counts it). */
export interface LongTask {
  /** Wall-clock duration, ms. */
  wall: number;
  /** Time it ran on the thread, ms (a loaded machine lengthens `wall`, not this). */
  cpu: number;
  /** Whether the profiler caught code of the library (`libraryPath`) in it. */
  library: boolean;
  /** The functions most sampled in it, with their files: where the time went. */
  top: string[];
}

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "disabled-by-default-v8.cpu_profiler", "__metadata"];
const sessions = new Map<string, { cdp: Session; events: TraceEvent[] }>();
const throttles = new Map<string, Session>();
const session = async (context: unknown) => {
  const { page, context: browser } = context as PlaywrightContext;
  return browser.newCDPSession(page);
};

/** Starts recording the page's trace. */
export const traceStart: BrowserCommand<[]> = async (context) => {
  const cdp = await session(context);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => void events.push(...value));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  sessions.set(context.sessionId, { cdp, events });
};

/** Stops recording; the main thread's tasks of `minMs` or more, each marked as the library's when code from `libraryPath` ran in it. */
export const traceStop: BrowserCommand<[libraryPath: string, minMs?: number]> = async (context, libraryPath, minMs = 50) => {
  const recording = sessions.get(context.sessionId);
  if (!recording) throw new Error("traceStart first");
  sessions.delete(context.sessionId);
  const { cdp, events } = recording;
  const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
  await cdp.send("Tracing.end");
  await complete;
  await cdp.detach();
  return longTasks(events, libraryPath, minMs);
};

/** Slows the page's CPU down `rate` times (1: full speed), as DevTools' CPU throttling does. */
export const throttleCpu: BrowserCommand<[rate: number]> = async (context, rate) => {
  let cdp = throttles.get(context.sessionId);
  if (!cdp) throttles.set(context.sessionId, (cdp = await session(context)));
  await cdp.send("Emulation.setCPUThrottlingRate", { rate });
  if (rate === 1) {
    throttles.delete(context.sessionId);
    await cdp.detach();
  }
};

function longTasks(events: TraceEvent[], libraryPath: string, minMs: number): LongTask[] {
  const thread = (e: TraceEvent) => `${e.pid}:${e.tid}`;
  const mains = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map(thread));
  // The sampling profiler: a "Profile" event per thread, its "ProfileChunk"s by id, each sample a stack.
  const profiles = new Map<string, { thread: string; time: number; nodes: Map<number, { parent?: number; frame: string; url: string }> }>();
  for (const e of events) {
    if (e.name === "Profile" && e.id !== undefined) profiles.set(`${e.pid}:${e.id}`, { thread: thread(e), time: e.args?.data?.startTime ?? e.ts, nodes: new Map() });
  }
  const samples: Array<{ thread: string; time: number; leaf: string; library: boolean }> = [];
  for (const e of events) {
    const profile = e.name === "ProfileChunk" && e.id !== undefined ? profiles.get(`${e.pid}:${e.id}`) : undefined;
    if (!profile) continue;
    for (const node of e.args?.data?.cpuProfile?.nodes ?? []) {
      const { functionName, url = "" } = node.callFrame;
      const file = url.replace(/^https?:\/\/[^/]+/, "").replace(/\?.*$/, "");
      profile.nodes.set(node.id, { parent: node.parent, frame: `${functionName || "(anonymous)"} ${file}`.trim(), url: file });
    }
    const ids = e.args?.data?.cpuProfile?.samples ?? [];
    const deltas = e.args?.data?.timeDeltas ?? [];
    for (let i = 0; i < ids.length; i++) {
      profile.time += deltas[i] ?? 0;
      let library = false;
      for (let id: number | undefined = ids[i]; id !== undefined && !library; id = profile.nodes.get(id)?.parent) {
        library = profile.nodes.get(id)?.url.startsWith(libraryPath) ?? false;
      }
      samples.push({ thread: profile.thread, time: profile.time, leaf: profile.nodes.get(ids[i]!)?.frame ?? "?", library });
    }
  }
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && mains.has(thread(e)) && (e.dur ?? 0) >= minMs * 1000);
  return tasks.map((task) => {
    const inside = samples.filter((s) => s.thread === thread(task) && s.time >= task.ts && s.time <= task.ts + task.dur!);
    const counts = new Map<string, number>();
    for (const { leaf } of inside) counts.set(leaf, (counts.get(leaf) ?? 0) + 1);
    return {
      wall: Math.round(task.dur! / 100) / 10,
      cpu: Math.round(Math.min(task.tdur ?? task.dur!, task.dur!) / 100) / 10,
      library: inside.some((s) => s.library),
      top: [...counts].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([frame, n]) => `${n}× ${frame}`),
    };
  });
}

export const traceCommands = { traceStart, traceStop, throttleCpu };

declare module "vitest/browser" {
  interface BrowserCommands {
    traceStart: () => Promise<void>;
    traceStop: (libraryPath: string, minMs?: number) => Promise<LongTask[]>;
    throttleCpu: (rate: number) => Promise<void>;
  }
}
