// A 10 MB file from choosing to the answer, in Chromium, the way a chat host sets the library up
// (drafts and kept answers on, `maxFileSize` raised to 10 MiB): in the dialog, the inline card and
// one question at a time, at full speed and with the CPU slowed down 2× (a slower phone); then left
// by Cancel, and sent on through the relay's POST body. A Chromium trace names the code each task
// ran, so the test harness's own (Playwright choosing the file, the runner's messages) is told apart,
// and gives each task's time on the thread, which a loaded machine lengthens far less than the wall
// clock: no task running the library's code may take 50 ms or, where a 1 KB file through the same
// steps already takes longer (React's development build, slowed down), half as long again as that.
// The page's own long-task observer reports every long task as well.
import { act, cleanup, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { commands } from "vitest/browser";
import "../../src/styles.css";
import { fileInputs } from "../../src/core/request/fileInputs";
import type { ElicitFormParams, ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { createElicitationAnswerStore } from "../../src/form/createElicitationAnswerStore";
import { createElicitationDraftStore } from "../../src/form/createElicitationDraftStore";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { relayAnswerBody } from "../../src/core/relay/relayAnswerBody";

const TEN_MEGABYTES = 10 * 1024 * 1024;

const request: ElicitFormParams = {
  message: "Attach the signed scan.",
  requestedSchema: {
    type: "object",
    properties: {
      scan: { type: "string", format: "uri", title: "Scan", "x-mcp-file": { accept: ["application/pdf"] } },
      note: { type: "string", title: "Note", default: "Signed on paper" },
    },
    required: ["scan"],
  },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

afterEach(async () => {
  cleanup();
  await commands.throttleCpu(1);
});

type Where = "dialog" | "inline card" | "steps";

/** Draws the request `where` a host would, with drafts and kept answers on; resolves with the answer. */
function show(where: Where): Promise<ElicitResult> {
  const drafts = createElicitationDraftStore();
  const answers = createElicitationAnswerStore();
  const limits = { maxFileSize: TEN_MEGABYTES };
  if (where === "inline card") {
    const queue = createElicitationQueue({ fileInputs, limits });
    render(<ElicitationOutlet queue={queue} presentation="inline" drafts={drafts} answers={answers} protectionInterval={0} />);
    let answer!: Promise<ElicitResult>;
    act(() => {
      answer = queue.request({ serverName: "Archive", params: request });
    });
    return answer;
  }
  return new Promise((resolve) =>
    render(
      <ElicitationDialog
        serverName="Archive"
        request={request}
        onResponse={resolve}
        fileInputs={fileInputs}
        limits={limits}
        protectionInterval={0}
        drafts={drafts}
        answers={answers}
        layout={where === "steps" ? "steps" : "form"}
      />,
    ),
  );
}

/** A press at human pace in the middle of the button named `name`. */
async function press(name: string) {
  const box = screen.getByRole("button", { name }).getBoundingClientRect();
  await commands.pressAt(box.left + box.width / 2, box.top + box.height / 2);
}

/** Every long task (≥ 50 ms) the page's own Long Tasks API reports while `during` runs. */
async function observeLongTasks(during: () => Promise<void>) {
  const seen: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => seen.push(entry.duration)));
  observer.observe({ type: "longtask" });
  await during();
  // Entries of the last moments arrive on the next frame.
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 50)));
  observer.disconnect();
  return seen;
}

/** Chooses a file of `size` bytes and sends it, recorded; the answer and the long tasks. */
async function chooseAndSubmit(where: Where, rate: number, size: number) {
  const answer = show(where);
  const picker = await screen.findByRole("button", { name: /Scan.*Choose a file/ });
  await waitFor(() => expect(picker).toBeEnabled());
  // Playwright sets its own script up in the page on first use: done here, outside the recording.
  await commands.chooseFiles('input[type="file"]', []);
  await commands.throttleCpu(rate);
  await commands.traceStart();
  await wait(300);
  let result: ElicitResult | undefined;
  const observed = await observeLongTasks(async () => {
    await commands.chooseFiles('input[type="file"]', [{ name: "scan.pdf", mimeType: "application/pdf", size }]);
    await screen.findByText("scan.pdf", undefined, { timeout: 30_000 });
    if (where === "steps") {
      await press("Next");
      await press("Next");
      await screen.findByRole("heading", { name: "Check your answers" });
      expect(document.querySelector(".rme-steps__review .rme-steps__value")?.textContent).toMatch(/^scan\.pdf \(/);
    }
    await press("Submit");
    result = await answer;
  });
  await wait(100);
  const tasks = await commands.traceStop("/src/", 20);
  await commands.throttleCpu(1);
  cleanup();
  expect(result?.action).toBe("accept");
  const sent = (result as unknown as { content: { scan: string; note: string } }).content;
  expect(sent.scan.length).toBe("data:application/pdf;name=scan.pdf;base64,".length + 4 * Math.ceil(size / 3));
  expect(sent.note).toBe("Signed on paper");
  const ours = tasks.filter((task) => task.library);
  return {
    sent,
    /** The longest task that ran the library's code, in time on the thread (what load does not lengthen). */
    longest: Math.max(0, ...ours.map((task) => task.cpu)),
    ours,
    harness: tasks.filter((task) => !task.library && task.wall >= 50).length,
    observed,
  };
}

const describeTasks = (tasks: { wall: number; cpu: number; top: string[] }[]) =>
  tasks
    .filter((task) => task.wall >= 50 || task.cpu >= 20)
    .map((task) => `${task.wall} ms (${task.cpu} ms on the thread: ${task.top.slice(0, 3).join(", ")})`)
    .join("; ");

describe.each([1, 2])("a 10 MB file, CPU slowed %i×", (rate) => {
  it.each<Where>(["dialog", "inline card", "steps"])(
    "%s: choosing it and Submit, no task of the library takes 50 ms or longer than with a 1 KB file",
    async (where) => {
      // The machine running this may be shared and loaded, which lengthens tasks even in time on the
      // thread (a virtual machine's core taken away mid-task): the best of a few attempts is kept, for
      // the 10 MB file and for a 1 KB file through the very same steps. Before a file's bytes were
      // kept apart, joining its pieces took 60–105 ms on the thread in every attempt.
      const small: number[] = [];
      for (let attempt = 1; attempt <= 2; attempt++) small.push((await chooseAndSubmit(where, rate, 1024)).longest);
      const bound = Math.max(50, 1.5 * Math.min(...small));
      const large: number[] = [];
      for (let attempt = 1; attempt <= 3 && !large.some((longest) => longest < bound); attempt++) {
        const run = await chooseAndSubmit(where, rate, TEN_MEGABYTES);
        expect(run.sent.scan.startsWith("data:application/pdf;name=scan.pdf;base64,QUFB")).toBe(true);
        const walls = run.ours.filter((task) => task.wall >= 50);
        console.log(
          `${where}, CPU ${rate}×, 10 MB, attempt ${attempt}: longest task running the library's code ${run.longest} ms on the thread ` +
            `(1 KB file: ${small.join(", ")} ms); long tasks (≥ 50 ms wall) running it: ${walls.length}` +
            (run.ours.length > 0 ? ` [${describeTasks(run.ours)}]` : "") +
            `; the harness's only: ${run.harness}; the page's long-task observer saw ${run.observed.length}` +
            (run.observed.length > 0 ? `, longest ${Math.max(...run.observed).toFixed(0)} ms` : ""),
        );
        large.push(run.longest);
      }
      expect(Math.min(...large)).toBeLessThan(bound);
    },
    300_000,
  );
});

describe("a 10 MB file left by Cancel", () => {
  it("is kept as a draft without a task of 50 ms", async () => {
    // Telling a draft worth keeping from untouched defaults ran JSON.stringify over every value:
    // 14 million characters in one task.
    // Offered to the next question of the form: kept on Cancel, which is what is timed here.
    const drafts = createElicitationDraftStore({ offerClosed: "same-context" });
    const longest: number[] = [];
    for (let attempt = 1; attempt <= 3 && !longest.some((each) => each < 50); attempt++) {
      cleanup();
      drafts.clear();
      let answered: ElicitResult | undefined;
      render(
        <ElicitationDialog
          serverName="Archive"
          request={request}
          onResponse={(result) => (answered = result)}
          fileInputs={fileInputs}
          limits={{ maxFileSize: TEN_MEGABYTES }}
          protectionInterval={0}
          drafts={drafts}
        />,
      );
      await waitFor(() => expect(screen.getByRole("button", { name: /Scan.*Choose a file/ })).toBeEnabled());
      await commands.chooseFiles('input[type="file"]', [{ name: "scan.pdf", mimeType: "application/pdf", size: TEN_MEGABYTES }]);
      await screen.findByText("scan.pdf", undefined, { timeout: 30_000 });
      await commands.traceStart();
      await wait(300);
      await press("Cancel");
      await waitFor(() => expect(answered).toEqual({ action: "cancel" }));
      await wait(100);
      const ours = (await commands.traceStop("/src/", 20)).filter((task) => task.library);
      longest.push(Math.max(0, ...ours.map((task) => task.cpu)));
      console.log(`Cancel with a 10 MB file, attempt ${attempt}: longest task running the library's code ${longest.at(-1)} ms on the thread [${describeTasks(ours)}]`);
      expect(drafts.size).toBe(1);
    }
    expect(Math.min(...longest)).toBeLessThan(50);
  }, 240_000);
});

describe("a 10 MB file sent on through the relay", () => {
  it("is written into the POST body piece by piece: the same JSON, and no task of 50 ms", async () => {
    // JSON.stringify of this answer and fetch's copy of the text took 0.8–1.3 s and 3.5–5.9 s in one task.
    const answer = show("dialog");
    await waitFor(() => expect(screen.getByRole("button", { name: /Scan.*Choose a file/ })).toBeEnabled());
    await commands.chooseFiles('input[type="file"]', [{ name: "scan.pdf", mimeType: "application/pdf", size: TEN_MEGABYTES }]);
    await screen.findByText("scan.pdf", undefined, { timeout: 30_000 });
    await press("Submit");
    const result = await answer;
    const longest: number[] = [];
    let body: string | Blob = "";
    for (let attempt = 1; attempt <= 3 && !longest.some((each) => each < 50); attempt++) {
      await commands.traceStart();
      await wait(300);
      body = await relayAnswerBody("a-request-id", result);
      await wait(100);
      const ours = (await commands.traceStop("/src/", 20)).filter((task) => task.library);
      longest.push(Math.max(0, ...ours.map((task) => task.cpu)));
      console.log(`relay POST body, attempt ${attempt}: longest task running the library's code ${longest.at(-1)} ms on the thread [${describeTasks(ours)}]`);
    }
    expect(Math.min(...longest)).toBeLessThan(50);
    expect(body).toBeInstanceOf(Blob);
    const text = await (body as Blob).text();
    expect(text).toBe(JSON.stringify({ id: "a-request-id", result }));
  }, 240_000);
});
