// Renders the README's pictures in Chromium into PNGs: the main states from the built Storybook
// (storybook-static/), and the example chat app mid-question (scripts/exampleScreenshots.mjs).
//   npm run screenshots            → docs/images/*.png (build Storybook first: npm run build-storybook)
//   npm run screenshots -- --only storybook | example
//   node scripts/screenshots.mjs --out /tmp/shots --shots '[{"name":"x","story":"dialog-states--empty"}]'
// Each Storybook shot names a story, a viewport, the page theme (the Storybook toolbar's "theme"
// global) and the system colour scheme; the picture is taken once the dialog has settled.
// Not part of CI: the pictures are looked at by a person before they are committed.
import { createReadStream, existsSync, mkdirSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve } from "node:path";
import { shootExample } from "./exampleScreenshots.mjs";
import { launchChromium } from "./launchChromium.mjs";

const root = resolve(import.meta.dirname, "..");
const staticDir = join(root, "storybook-static");

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The pictures the README shows. */
const DEFAULT_SHOTS = [
  { name: "form-light", story: "gallery--form", viewport: LAPTOP },
  { name: "form-dark", story: "gallery--form", viewport: LAPTOP, theme: "dark", scheme: "dark" },
  { name: "errors", story: "gallery--errors", viewport: LAPTOP },
  { name: "queue", story: "gallery--queue", viewport: LAPTOP },
  { name: "url-mode", story: "gallery--url-mode", viewport: LAPTOP },
  { name: "url-mode-dark", story: "gallery--url-mode", viewport: LAPTOP, theme: "dark", scheme: "dark" },
  { name: "phone", story: "gallery--form", viewport: PHONE },
  { name: "phone-dark", story: "gallery--queue", viewport: PHONE, theme: "dark", scheme: "dark" },
  { name: "inline-form", story: "gallery--inline-form", viewport: { width: 900, height: 640 } },
  { name: "shadcn", story: "dialog-theming--shadcn-tailwind-v-4", viewport: LAPTOP },
  { name: "long-message-phone", story: "gallery--long-message-keeps-title", viewport: { width: 390, height: 700 } },
  // A chat host's page behind the question, per presentation and layout.
  { name: "chat-form", story: "chat-thread--dialog-form", viewport: LAPTOP },
  { name: "chat-form-dark", story: "chat-thread--dialog-form-dark", viewport: LAPTOP, theme: "dark", scheme: "dark" },
  { name: "steps-laptop", story: "chat-thread--dialog-steps", viewport: LAPTOP },
  { name: "steps-dark", story: "chat-thread--dialog-steps-dark", viewport: LAPTOP, theme: "dark", scheme: "dark" },
  { name: "steps-phone", story: "chat-thread--dialog-steps", viewport: PHONE },
  { name: "steps-phone-dark", story: "chat-thread--dialog-steps-dark", viewport: PHONE, theme: "dark", scheme: "dark" },
  { name: "steps-review-phone", story: "chat-thread--dialog-steps-review", viewport: PHONE, wait: 1500 },
  { name: "chat-inline", story: "chat-thread--inline-form", viewport: LAPTOP },
  { name: "chat-inline-dark", story: "chat-thread--inline-form-dark", viewport: LAPTOP, theme: "dark", scheme: "dark" },
  { name: "chat-inline-phone", story: "chat-thread--inline-form", viewport: PHONE },
  { name: "chat-inline-phone-dark", story: "chat-thread--inline-form-dark", viewport: PHONE, theme: "dark", scheme: "dark" },
  { name: "chat-inline-steps-phone", story: "chat-thread--inline-steps", viewport: PHONE },
  { name: "attention-chip-phone", story: "attention--chip-points-to-the-card", viewport: PHONE },
  { name: "attention-chip-phone-dark", story: "attention--chip-points-to-the-card-dark", viewport: PHONE, theme: "dark", scheme: "dark" },
];

function option(name) {
  const at = process.argv.indexOf(`--${name}`);
  return at === -1 ? undefined : process.argv[at + 1];
}

const outDir = resolve(option("out") ?? join(root, "docs/images"));
const shots = option("shots") ? JSON.parse(option("shots")) : DEFAULT_SHOTS;
// Shots given on the command line are Storybook shots: the example is drawn only when asked or by default.
const only = option("only") ?? (option("shots") ? "storybook" : undefined);
if (only !== undefined && only !== "storybook" && only !== "example") {
  console.error(`--only takes "storybook" or "example", not "${only}".`);
  process.exit(2);
}
const drawStorybook = only !== "example";
const drawExample = only !== "storybook";

if (drawStorybook && !existsSync(join(staticDir, "iframe.html"))) {
  console.error("storybook-static/ is missing: run `npm run build-storybook` first (or `--only example`).");
  process.exit(1);
}

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".css": "text/css", ".json": "application/json", ".svg": "image/svg+xml", ".woff2": "font/woff2" };

/** The built Storybook, served from 127.0.0.1 on a free port. */
function serve() {
  const server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname)).replace(/^([/\\])+/, "");
    const file = join(staticDir, path || "index.html");
    if (!file.startsWith(staticDir) || !existsSync(file) || !statSync(file).isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
    createReadStream(file).pipe(response);
  });
  return new Promise((done) => server.listen(0, "127.0.0.1", () => done(server)));
}

/** Takes each Storybook shot with `browser`; returns the number that failed. */
async function shootStorybook(browser) {
  const server = await serve();
  const base = `http://127.0.0.1:${server.address().port}`;
  let failed = 0;
  try {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: shot.viewport ?? LAPTOP,
        colorScheme: shot.scheme ?? "light",
        reducedMotion: "reduce",
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      const globals = shot.theme === "dark" ? "&globals=theme:dark" : "";
      try {
        await page.goto(`${base}/iframe.html?id=${shot.story}&viewMode=story${globals}`, { waitUntil: "networkidle" });
        await page.waitForSelector(".rme-dialog[open], .rme-form", { timeout: 15_000 });
        // Play functions (a failed submit) and the validation engine settle; caret blinks are hidden.
        await page.waitForTimeout(shot.wait ?? 800);
        await page.addStyleTag({ content: "* { caret-color: transparent !important; }" });
        const file = join(outDir, `${shot.name}.png`);
        await page.screenshot({ path: file });
        console.log(`${shot.name.padEnd(16)} ${shot.story} ${(shot.viewport ?? LAPTOP).width}×${(shot.viewport ?? LAPTOP).height} → ${file}`);
      } catch (error) {
        failed += 1;
        console.error(`${shot.name}: ${error instanceof Error ? error.message : error}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    server.close();
  }
  return failed;
}

const browser = await launchChromium();
mkdirSync(outDir, { recursive: true });
let failed = 0;
try {
  if (drawStorybook) failed += await shootStorybook(browser);
  if (drawExample) failed += await shootExample({ browser, outDir });
} catch (error) {
  failed += 1;
  console.error(error instanceof Error ? error.message : error);
} finally {
  await browser.close();
}
process.exit(failed > 0 ? 1 : 0);
