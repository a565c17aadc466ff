// Test pages only. Chromium's getNotifications() drops a notification that is being shown while it
// reads (it lists only those the display already has, and forgets the rest for good), so a test that
// polls it while a push is handled can lose a notification the worker did show. The test's worker
// counts each showNotification that has settled; a read waits for the count first.
import type { Page } from "playwright-core";

/** Worker code: counts settled showNotification calls, and answers "settled-shows" messages with the count. */
export const COUNT_SETTLED_SHOWS = `{
  const show = self.registration.showNotification.bind(self.registration);
  let settled = 0;
  self.registration.showNotification = (...args) => show(...args).finally(() => { settled += 1; });
  self.addEventListener("message", (event) => {
    if (event.data === "settled-shows") event.ports[0].postMessage(settled);
  });
}`;

/** Resolves once the page's service worker has settled `count` showNotification calls in all. */
export async function settledShows(page: Page, count: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const settled = await page.evaluate(async () => {
      const worker = (await navigator.serviceWorker.ready).active!;
      const channel = new MessageChannel();
      const reply = new Promise<number>((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)));
      worker.postMessage("settled-shows", [channel.port2]);
      return reply;
    });
    if (settled >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the service worker settled fewer than ${count} showNotification calls in 10 s`);
}
