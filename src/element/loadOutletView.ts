// The one way to the chunk that draws (outletView.tsx): the browser fetches and runs it once per page,
// however many elements and queues ask.
import type { OutletView } from "./OutletView";

export function loadOutletView(): Promise<OutletView> {
  return import("./outletView").then((module) => module.outletView);
}
