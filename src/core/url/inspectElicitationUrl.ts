import { inspectElicitationUrl as inspect, type ElicitationUrlInspection } from "./urlInspection";

/**
 * Parses a URL-mode `url` and lists what the user should be warned about.
 *
 * The public name, as a function of its own rather than a re-export: a bundle that keeps only the
 * dialog then leaves the inspection code to URL mode's chunk instead of the page's first download.
 */
export function inspectElicitationUrl(url: string): ElicitationUrlInspection {
  return inspect(url);
}
