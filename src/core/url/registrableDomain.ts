// The registrable domain of a host ("evil.example" for "github.com.secure-login.evil.example",
// "example.co.uk" for "login.example.co.uk", "me.github.io" for a GitHub Pages site): the part
// someone had to register, so the one that says who controls the page. Found with the Public
// Suffix List through tldts (about 46 KB gzipped, its minified build: see tldtsBundle.d.ts), which
// is only loaded when a URL-mode request is shown — form requests never fetch it.

/** Maps a hostname (as `URL.hostname` gives it) to its registrable domain, or to itself when it has none. */
export type RegistrableDomainOf = (hostname: string) => string;

let loading: Promise<RegistrableDomainOf> | undefined;
let loaded: RegistrableDomainOf | undefined;

/** The lookup if it is loaded, else undefined (never loads it). */
export function loadedRegistrableDomain(): RegistrableDomainOf | undefined {
  return loaded;
}

/** Loads the Public Suffix List lookup (once; a failed load is tried again on the next call). */
export function loadRegistrableDomain(): Promise<RegistrableDomainOf> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  loading ??= import("tldts/dist/index.esm.min.js").then(
    ({ getDomain }) => {
      loaded = (hostname) =>
        // The URL parser already checked the host; tldts' own label-length check would give up on
        // exactly the hosts worth explaining (a 2,300-character one). Private suffixes count
        // ("github.io", "vercel.app"): whoever registered "me.github.io" controls that page.
        getDomain(hostname, { validateHostname: false, allowPrivateDomains: true, extractHostname: false }) ?? hostname;
      return loaded;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
