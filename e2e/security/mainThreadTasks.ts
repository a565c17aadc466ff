// The page's main-thread tasks, read from a Chromium trace: how long each ran on the thread (CPU
// time, so that a machine busy with other work does not lengthen them) and which of them worked on
// given script files — compiled or evaluated them (V8's trace events), or ran their code (the
// JavaScript sampling profiler, in the same trace). With it a test can say which tasks the library's
// pattern path made, apart from typing's own work.
import type { CDPSession, Page } from "playwright-core";

export interface TaskTime {
  /** Time the task ran on the main thread (thread time, ms). */
  cpu: number;
  /** Wall-clock duration (ms): on a loaded machine it includes time the thread waited for a core. */
  wall: number;
}

export interface MainThreadTasks {
  /** The longest main-thread task of the page while recording, and the script files its code came from (most samples first). */
  longest: TaskTime & { files: string[] };
  /** Tasks during which code from the given files ran on the main thread, longest first, with those files. */
  attributed: Array<TaskTime & { files: string[] }>;
  /** Per given file (path): profiler samples taken, and compile or evaluate events seen, on the main thread. */
  samplesByFile: Record<string, number>;
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
    fileName?: string;
    data?: {
      url?: string;
      startTime?: number;
      cpuProfile?: { nodes?: Array<{ id: number; parent?: number; callFrame: { url?: string } }>; samples?: number[] };
      timeDeltas?: number[];
    };
  };
}

const CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "disabled-by-default-v8.cpu_profiler", "__metadata"];

/** Starts recording; the returned function stops and reads the tasks, attributing those that ran code from a file `attribute` accepts. */
export async function traceMainThread(page: Page, attribute: (url: string) => boolean): Promise<() => Promise<MainThreadTasks>> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  const events: TraceEvent[] = [];
  cdp.on("Tracing.dataCollected", ({ value }) => void events.push(...(value as unknown as TraceEvent[])));
  await cdp.send("Tracing.start", { traceConfig: { includedCategories: CATEGORIES }, transferMode: "ReportEvents" });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once("Tracing.tracingComplete", () => resolve()));
    await cdp.send("Tracing.end");
    await complete;
    await cdp.detach();
    return readTasks(events, attribute);
  };
}

function readTasks(events: TraceEvent[], accepts: (url: string) => boolean): MainThreadTasks {
  const attribute = (url: string) => /^https?:/.test(url) && accepts(url);
  const mainThreads = new Set(events.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) => `${e.pid}:${e.tid}`));
  const onMain = (e: TraceEvent) => mainThreads.has(`${e.pid}:${e.tid}`);

  // The sampling profiler: a "Profile" event on the profiled thread, its "ProfileChunk"s by id.
  const profiles = new Map<string, { thread: string; time: number; parents: Map<number, number | undefined>; urls: Map<number, string> }>();
  for (const e of events) if (e.name === "Profile" && e.id !== undefined) {
    profiles.set(`${e.pid}:${e.id}`, { thread: `${e.pid}:${e.tid}`, time: e.args?.data?.startTime ?? e.ts, parents: new Map(), urls: new Map() });
  }
  const hits: Array<{ thread: string; time: number; file: string }> = [];
  const path = (url: string) => url.replace(/^https?:\/\/[^/]+/, "");
  const sampled: Array<{ thread: string; time: number; url: string }> = [];
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
      let url = "";
      for (let node: number | undefined = samples[i]; node !== undefined && url === ""; node = profile.parents.get(node)) url = profile.urls.get(node) ?? "";
      if (url !== "") sampled.push({ thread: profile.thread, time: profile.time, url });
      for (let node: number | undefined = samples[i]; node !== undefined; node = profile.parents.get(node)) {
        const url = profile.urls.get(node) ?? "";
        if (attribute(url)) {
          hits.push({ thread: profile.thread, time: profile.time, file: path(url) });
          break;
        }
      }
    }
  }

  // Compiling and evaluating a file (its parse, its top-level code) count as work on it too.
  for (const e of events) {
    const url = e.args?.data?.url ?? e.args?.fileName;
    if (onMain(e) && e.name !== "RunTask" && url !== undefined && attribute(url)) hits.push({ thread: `${e.pid}:${e.tid}`, time: e.ts, file: path(url) });
  }

  // The page's main thread: a renderer's main thread that ran the page's scripts (not the browser's own pages).
  const pageThreads = new Set(sampled.filter(({ url }) => /^https?:/.test(url)).map(({ thread }) => thread));
  const tasks = events.filter((e) => e.name === "RunTask" && e.ph === "X" && pageThreads.has(`${e.pid}:${e.tid}`) && e.dur !== undefined);
  // Thread time never exceeds wall time (a trace's thread clock can be coarse).
  const thread = (e: TraceEvent) => Math.min(e.tdur ?? e.dur!, e.dur!);
  const time = (e: TraceEvent): TaskTime => ({ cpu: Math.round(thread(e) / 100) / 10, wall: Math.round(e.dur! / 100) / 10 });
  let longestTask: TraceEvent | undefined;
  for (const task of tasks) if (longestTask === undefined || thread(task) > thread(longestTask)) longestTask = task;
  const files = new Map<string, number>();
  for (const { thread: on, time: at, url } of sampled) {
    if (longestTask === undefined || on !== `${longestTask.pid}:${longestTask.tid}` || at < longestTask.ts || at > longestTask.ts + longestTask.dur!) continue;
    files.set(path(url), (files.get(path(url)) ?? 0) + 1);
  }
  const longest = {
    ...(longestTask ? time(longestTask) : { cpu: 0, wall: 0 }),
    files: [...files].sort((a, b) => b[1] - a[1]).slice(0, 3).map(([file]) => file),
  };
  hits.sort((a, b) => a.time - b.time);
  const within = (task: TraceEvent) => {
    const on = `${task.pid}:${task.tid}`;
    let low = 0;
    for (let high = hits.length; low < high; ) {
      const middle = (low + high) >> 1;
      if (hits[middle]!.time < task.ts) low = middle + 1;
      else high = middle;
    }
    const found: typeof hits = [];
    for (let i = low; i < hits.length && hits[i]!.time <= task.ts + task.dur!; i++) if (hits[i]!.thread === on) found.push(hits[i]!);
    return found;
  };
  const attributed = tasks
    .map((task) => ({ task, found: within(task) }))
    .filter(({ found }) => found.length > 0)
    .map(({ task, found }) => ({ ...time(task), files: [...new Set(found.map(({ file }) => file))] }))
    .sort((a, b) => b.cpu - a.cpu);
  const samplesByFile: Record<string, number> = {};
  for (const { file } of hits) samplesByFile[file] = (samplesByFile[file] ?? 0) + 1;
  return { longest, attributed, samplesByFile };
}
