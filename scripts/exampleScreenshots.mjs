// The example app (examples/next-chat) mid-question, for the README: started as its end-to-end test
// starts it (the packed library installed, `next build`, `next start` on 127.0.0.1), a person signed in
// asks to deploy, and the picture is taken with the card under the tool call, one field chosen.
// NEXT_CHAT_REUSE_BUILD=1 reuses the example's last build.
import { join, resolve } from "node:path";
import { runnerImport } from "vite";

const LAPTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/** The pictures of the example the README shows. */
export const EXAMPLE_SHOTS = [
  { name: "example-chat-laptop", viewport: LAPTOP },
  { name: "example-chat-laptop-dark", viewport: LAPTOP, scheme: "dark" },
  { name: "example-chat-phone", viewport: PHONE },
  { name: "example-chat-phone-dark", viewport: PHONE, scheme: "dark" },
];

const startExamplePath = resolve(import.meta.dirname, "../examples/next-chat/test/startExample.ts");

/** Starts the example, takes each of `shots` with `browser` into `outDir`, stops it; returns the number that failed. */
export async function shootExample({ browser, outDir, shots = EXAMPLE_SHOTS }) {
  const { module } = await runnerImport(startExamplePath);
  const app = await module.startExample();
  let failed = 0;
  try {
    for (const shot of shots) {
      const context = await browser.newContext({
        viewport: shot.viewport,
        colorScheme: shot.scheme ?? "light",
        reducedMotion: "reduce",
        deviceScaleFactor: 1,
      });
      try {
        const page = await context.newPage();
        await askToDeploy(page, app.url);
        const file = join(outDir, `${shot.name}.png`);
        await page.screenshot({ path: file });
        console.log(`${shot.name.padEnd(26)} example ${shot.viewport.width}×${shot.viewport.height} ${shot.scheme ?? "light"} → ${file}`);
      } catch (error) {
        failed += 1;
        console.error(`${shot.name}: ${error instanceof Error ? error.message : error}`);
      } finally {
        await context.close();
      }
    }
  } finally {
    await app.stop();
  }
  return failed;
}

/** Signs in (a new person per context), asks "deploy web" and waits for the card; chooses a region. */
async function askToDeploy(page, url) {
  await page.goto(url);
  await page.getByLabel("Your name").fill("Ada");
  await page.getByRole("button", { name: "Start chatting" }).click();
  await page.waitForURL(/\/chat\//);
  await page.getByLabel("Message").fill("deploy web");
  await page.getByRole("button", { name: "Send" }).click();
  const card = page.locator(".tool-call").filter({ hasText: '"service":"web"' }).locator('[data-presentation="inline"]');
  await card.waitFor({ timeout: 30_000 });
  // A new card ignores input for its first moments (a click meant for something else cannot answer it).
  await page.waitForTimeout(1000);
  await card.getByRole("radio", { name: "eu-west-1" }).check();
  await page.waitForTimeout(500);
  await page.addStyleTag({ content: "* { caret-color: transparent !important; }" });
}
