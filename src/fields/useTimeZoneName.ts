import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

function localTimeZone(): string | undefined {
  try {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    const offset = new Intl.DateTimeFormat("en", { timeZoneName: "shortOffset" })
      .formatToParts(new Date())
      .find((part) => part.type === "timeZoneName")?.value;
    return offset && offset !== zone ? `${zone} (${offset})` : zone;
  } catch {
    return undefined;
  }
}

/**
 * The browser's time zone, e.g. "Europe/Paris (GMT+1)". Undefined on the server and during
 * hydration (the server's zone is not the person's), then filled in on the client.
 */
export function useTimeZoneName(enabled: boolean): string | undefined {
  return useSyncExternalStore(subscribe, () => (enabled ? cachedZone() : undefined), () => undefined);
}

let cached: string | undefined | null = null;
function cachedZone(): string | undefined {
  // getSnapshot must return the same value on every call.
  if (cached === null) cached = localTimeZone();
  return cached;
}
