// The benchmark page: mounts one form at a time, with either library, and times it from inside the page.
// Driven by bench/run.mjs through Chromium; every timing ends after the next paint.
import Form from "@rjsf/core";
import type { RJSFSchema, UiSchema } from "@rjsf/utils";
import validator from "@rjsf/validator-ajv8";
import Ajv from "ajv";
import { flushSync } from "react-dom";
import { createRoot, type Root } from "react-dom/client";
import { ElicitationForm, parseElicitationSchema } from "../src/index";
import stylesheet from "../src/styles.css?inline";
import { makeSchema, rjsfUiSchema } from "./schemas";

export type Lib = "ours" | "rjsf";

const MAX_SIZE = 200;

// Both libraries compile JSON Schema with Ajv (one copy in this bundle): count the compilations, so the
// bench shows when a validator is compiled and when a compiled one is reused.
let compiles = 0;
const ajvCore: Ajv = Object.getPrototypeOf(Ajv.prototype); // where compile() lives, shared by every Ajv class
const compile = ajvCore.compile;
ajvCore.compile = function (this: Ajv, ...args: Parameters<Ajv["compile"]>) {
  compiles++;
  return compile.apply(this, args);
} as Ajv["compile"];

// Our stylesheet, switched on only while a form of ours that wants it is mounted: rjsf ships no CSS of
// its own (it expects a Bootstrap 3 theme), so the like-for-like figures are both forms unstyled.
const style = document.createElement("style");
style.textContent = stylesheet;
document.head.append(style);
style.sheet!.disabled = true;

let root: Root | undefined;
let host: HTMLElement | undefined;
let submitted: ((at: number) => void) | undefined;
const onSubmit = () => submitted?.(performance.now());

/**
 * Runs `action` at the very start of a frame and resolves with the milliseconds from its start until
 * that frame has been rendered: the action's script, then style, layout and paint, which the browser
 * does right after the frame's animation callbacks. Starting on a frame boundary keeps the wait for
 * the next frame (up to 16.7 ms, random) out of every figure.
 */
function timeToPaint(action: () => void): Promise<number> {
  return new Promise((resolve, reject) =>
    requestAnimationFrame(() => {
      const start = performance.now();
      try {
        action();
      } catch (error) {
        reject(error);
        return;
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - start);
      channel.port2.postMessage(null);
    }),
  );
}

function unmount() {
  root?.unmount();
  host?.remove();
  root = undefined;
  host = undefined;
}

/** The script share of the last mount: React's render, commit and effects, before style, layout and paint. */
let mountScript = 0;
/** When the last mount started (its frame's start). */
let mountStart = 0;

/** Mounts a fresh form; milliseconds from the render call to the end of the frame that shows it. */
function mount(lib: Lib, size: number, salt = "", styled = false): Promise<number> {
  unmount();
  style.sheet!.disabled = !styled;
  // Schema and rjsf's uiSchema are built before the clock starts: that is the host's data, not library work.
  const schema = makeSchema(size, salt);
  const uiSchema = lib === "rjsf" ? (rjsfUiSchema(schema) as UiSchema) : undefined;
  const element = () => {
    if (lib === "rjsf") {
      return <Form schema={schema as RJSFSchema} uiSchema={uiSchema} validator={validator} onSubmit={onSubmit} noHtml5Validate />;
    }
    // Forms over 50 fields exceed the default limits; a host raises them by parsing with its own
    // (timed here, like the parse ElicitationForm does itself for a raw schema).
    const parsed = parseElicitationSchema(schema, { limits: { maxProperties: MAX_SIZE } });
    if (!parsed.ok) throw parsed.error;
    return <ElicitationForm schema={parsed.schema} onSubmit={onSubmit} />;
  };
  const container = document.createElement("div");
  document.getElementById("bench-root")!.append(container);
  host = container;
  return timeToPaint(() => {
    const start = performance.now();
    mountStart = start;
    root = createRoot(container);
    // Synchronous, effects included: the figure holds all of React's work for the first render.
    flushSync(() => root!.render(element()));
    mountScript = performance.now() - start;
  });
}

/**
 * Waits until the form has drawn every field and that frame is painted; milliseconds since the
 * mount started. Ours draws a long form's first screenful with the first paint and the rest over
 * the next frames, saying so with aria-busy; a form drawn whole resolves one (empty) frame later.
 */
function drawn(): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      if (host?.querySelector('[aria-busy="true"]')) {
        requestAnimationFrame(check);
        return;
      }
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve(performance.now() - mountStart);
      channel.port2.postMessage(null);
    };
    requestAnimationFrame(check);
  });
}

function textInput(): HTMLInputElement {
  const input = host?.querySelector<HTMLInputElement>('input[type="text"]');
  if (!input) throw new Error("no text input");
  return input;
}

const setInputValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")!.set!;

/**
 * One character typed into the first text field: the input event both libraries listen to (React's
 * onChange), dispatched at the start of a frame. `paint`: until that frame is rendered; `script`:
 * until the event has been handled (React commits a keystroke synchronously, inside the dispatch).
 */
async function keystroke(char = "a"): Promise<{ paint: number; script: number }> {
  const input = textInput();
  let script = 0;
  const paint = await timeToPaint(() => {
    const start = performance.now();
    setInputValue.call(input, input.value + char);
    input.dispatchEvent(new Event("input", { bubbles: true }));
    script = performance.now() - start;
  });
  return { paint, script };
}

/**
 * The browser's share of a keystroke: the same character put into the same field of the same page
 * without telling any library (no event), timed to paint, then taken out again.
 */
async function browserKeystroke(): Promise<number> {
  const input = textInput();
  const before = input.value;
  const paint = await timeToPaint(() => setInputValue.call(input, before + "a"));
  setInputValue.call(input, before);
  await timeToPaint(() => undefined);
  return paint;
}

/**
 * The browser's share of a mount: the HTML the library produced, unmounted and then inserted again
 * with innerHTML (no React, no library), timed to paint.
 */
async function browserMount(): Promise<number> {
  const html = host?.innerHTML ?? "";
  unmount();
  const container = document.createElement("div");
  document.getElementById("bench-root")!.append(container);
  host = container;
  return timeToPaint(() => {
    container.innerHTML = html;
  });
}

/** Clicks Submit; milliseconds until the library hands validated data to its onSubmit callback. */
async function submit(): Promise<number> {
  const button = host?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error("no submit button");
  const done = new Promise<number>((resolve, reject) => {
    submitted = resolve;
    setTimeout(() => reject(new Error("submit did not validate")), 5000);
  });
  const start = performance.now();
  button.click();
  const end = await done;
  submitted = undefined;
  return end - start;
}

/**
 * The browser's share of a submit: a click on the Submit button of the form browserMount drew (the
 * library's HTML, which no library is attached to) until the form's `submit` event, which is then
 * cancelled. The first click on a form costs the browser more than the next ones (Chromium reads
 * the form's fields as it is first submitted), so this is timed on a form not submitted before, as
 * the libraries' submits are.
 */
async function browserSubmit(): Promise<number> {
  const button = host?.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!button) throw new Error("no submit button");
  let end = NaN;
  const hideClick = (event: Event) => event.stopImmediatePropagation();
  const onSubmit = (event: Event) => {
    end = performance.now();
    event.preventDefault();
    event.stopImmediatePropagation();
  };
  window.addEventListener("click", hideClick, true);
  window.addEventListener("submit", onSubmit, true);
  try {
    const start = performance.now();
    button.click();
    if (Number.isNaN(end)) throw new Error("the form was not submitted");
    return end - start;
  } finally {
    window.removeEventListener("click", hideClick, true);
    window.removeEventListener("submit", onSubmit, true);
  }
}

/**
 * React keeps the target of the last event it handled (a module-level variable) until the next
 * event: after an unmount that is often an input of the form just removed (a selectionchange fires
 * on a text input as its value is set), and through it that form's state. A selectionchange on the
 * document, an event React listens to, makes it let go, so a reading "without a form" holds nothing
 * of the form before, whichever library drew it.
 */
function releaseLastEventTarget() {
  document.dispatchEvent(new Event("selectionchange"));
}

const api = {
  mount,
  releaseLastEventTarget,
  mountScript: () => mountScript,
  drawn,
  unmount,
  keystroke,
  browserKeystroke,
  browserMount,
  textValue: () => textInput().value,
  submit,
  browserSubmit,
  compiles: () => compiles,
  elementCount: () => host?.querySelectorAll("*").length ?? 0,
  /** An empty frame: the floor under every "→ paint" figure. */
  frame: () => timeToPaint(() => undefined),
};
export type BenchApi = typeof api;
(window as unknown as { bench: BenchApi }).bench = api;
