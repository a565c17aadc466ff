/** The part of Vitest's Playwright context that finds the test frame on the page. */
export interface FrameContext {
  page: { evaluate<T>(fn: () => T): Promise<T> };
  frame(): Promise<{ frameElement(): Promise<{ boundingBox(): Promise<{ x: number; y: number } | null> }> }>;
}

/** Where a point of the test frame is on the page (the runner may scale the frame). */
export async function pagePoint(context: FrameContext, x: number, y: number) {
  const box = await (await (await context.frame()).frameElement()).boundingBox();
  const scale = await context.page.evaluate(() => {
    const frame = document.querySelector("iframe");
    return frame ? frame.getBoundingClientRect().width / frame.offsetWidth || 1 : 1;
  });
  return { x: (box?.x ?? 0) + x * scale, y: (box?.y ?? 0) + y * scale };
}
