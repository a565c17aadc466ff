// What the browser benchmarks do with a built page: open it in a new tab, ready, with its DevTools
// session; and read the JS heap through that session.

/**
 * A new tab on `url`, once the page's API (`window[api]`) is there: the page, its DevTools session,
 * and `call(name, ...params)`, which calls `window[api][name]` in the page and resolves with its result.
 */
export async function openBenchPage(browser, url, api = "bench") {
  const page = await browser.newPage();
  page.on("pageerror", (error) => console.error("page error:", error));
  await page.goto(url);
  await page.waitForFunction((name) => name in window, api);
  const cdp = await page.context().newCDPSession(page);
  const call = (name, ...params) => page.evaluate(([a, n, p]) => window[a][n](...p), [api, name, params]);
  return { page, cdp, call };
}

/** The JS heap in use, in bytes (`Performance.enable` first), after two forced collections unless `collect` is false. */
export async function jsHeapUsed(cdp, collect = true) {
  if (collect) {
    await cdp.send("HeapProfiler.collectGarbage");
    await cdp.send("HeapProfiler.collectGarbage");
  }
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((m) => m.name === "JSHeapUsedSize").value;
}
