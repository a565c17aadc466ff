// The page's main-thread tasks, read from a Chromium trace: how long each ran on the thread (CPU
// time, so that a machine busy with other work does not lengthen them) and which of them ran code
// from given script files (the JavaScript sampling profiler, in the same trace). With it a test can
// say which tasks the library's pattern path made, apart from typing's own work.
import type { CDPSession, Page } from "playwright-core";

export interface TaskTime {
  /** Time the task ran on the main thread (thread time, ms). */
  cpu: number;
  /** Wall-clock duration (ms): on a loaded machine it includes time the thread waited for a core. */
  wall: number;
}

export interface MainThreadTasks {
  /** Every main-thread task of the page while recording. */
  longest: TaskTime;
  /** Tasks during which code from the given files ran on the main thread, longest first. */
  attributed: TaskTime[];
  /** Profiler samples taken on the main thread while code from the given files ran. */
  attributedSamples: number;
}

interface TraceEvent {
  name: string;
  cat: string;
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
      cpuProfile?: { nodes?: Array<{ id: number; parent?: number; callFrame: { url?: string } }>; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const CATEGORIES = ["disabled-by-default-devtools.timeline", "disabled-by-default-v8.cpu_profiler", "__metadata"];

/** Starts recording; the returned function stops and reads the tasks, attributing those that ran code from a file `attribute` accepts. */
export async function traceMainThread(page: Page, attribute: (url: string) => boolean): Promise<() => Promise<MainThreadTasks>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }: { value: TraceEvent[] }) => void events.push(...value));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.end");
    await complete;
    await cdp.detach();
    return readTasks(events, attribute);
  };
}

function readTasks(events: TraceEvent[], attribute: (url: string) => boolean): MainThreadTasks {
  const mainThreads = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);

  // The sampling profiler: a "Profile" event on the profiled thread, its "ProfileChunk"s by id.
  const profiles = new Map<string, { thread: string; time: number; parents: Map<number, number | undefined>; urls: Map<number, string> }>();
  for (const e of events) if (e.name === "Profile" && e.id !== undefined) {
    profiles.set(`${e.pid}:${e.id}`, { thread: `${e.pid}:${e.tid}`, time: e.args?.data?.startTime ?? e.ts, parents: new Map(), urls: new Map() });
  }
  const hits: number[] = [];
  for (const e of events) {
    if (e.name !== "ProfileChunk" || e.id === undefined) continue;
    const profile = profiles.get(`${e.pid}:${e.id}`);
    if (profile === undefined || !mainThreads.has(profile.thread)) continue;
    const data = e.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) {
      profile.parents.set(node.id, node.parent);
      profile.urls.set(node.id, node.callFrame.url ?? "");
    }
    const samples = data?.cpuProfile?.samples ?? [];
    const deltas = data?.timeDeltas ?? [];
    for (let i = 0; i < samples.length; i++) {
      profile.time += deltas[i] ?? 0;
      for (let node: number | undefined = samples[i]; node !== undefined; node = profile.parents.get(node)) {
        if (attribute(profile.urls.get(node) ?? "")) {
          hits.push(profile.time);
          break;
        }
      }
    }
  }

  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && onMain(e) && e.dur !== undefined);
  const time = (e: TraceEvent): TaskTime => ({ cpu: Math.round((e.tdur ?? e.dur!) / 100) / 10, wall: Math.round(e.dur! / 100) / 10 });
  let longest: TaskTime = { cpu: 0, wall: 0 };
  for (const task of tasks) if ((task.tdur ?? task.dur!) > longest.cpu * 1000) longest = time(task);
  const attributed = tasks
    .filter((task) => hits.some((t) => t >= task.ts && t <= task.ts + task.dur!))
    .map(time)
    .sort((a, b) => b.cpu - a.cpu);
  return { longest, attributed, attributedSamples: hits.length };
}
