import { defaultMessages } from "./defaultMessages";
import type { ElicitationMessages } from "./ElicitationMessages";
import type { MessageLocale } from "./resolveLocale";

// Each language but English is its own chunk, fetched the first time a component asks for it
// (docs/i18n.md): five catalogues bundled up front would cost every host about 7 KB gzipped.
const LOADERS: Record<Exclude<MessageLocale, "en">, () => Promise<ElicitationMessages>> = {
  de: () => import("./locales/de").then((module) => module.deMessages),
  fr: () => import("./locales/fr").then((module) => module.frMessages),
  es: () => import("./locales/es").then((module) => module.esMessages),
  ja: () => import("./locales/ja").then((module) => module.jaMessages),
  "zh-Hans": () => import("./locales/zhHans").then((module) => module.zhHansMessages),
  "pt-BR": () => import("./locales/ptBR").then((module) => module.ptBRMessages),
};

// Catalogues already here, so a component mounting later draws in its language on the first
// render. A cache of immutable modules, like the module registry it mirrors; a failed load is not
// kept, so the next component tries again.
const loaded = new Map<MessageLocale, ElicitationMessages>([["en", defaultMessages]]);
const loading = new Map<MessageLocale, Promise<ElicitationMessages>>();

/** The catalogue of `locale` if it has arrived, else undefined. */
export function loadedLocaleMessages(locale: MessageLocale): ElicitationMessages | undefined {
  return loaded.get(locale);
}

/** Fetches the catalogue of `locale` (once); rejects when its chunk cannot be loaded. */
export function loadLocaleMessages(locale: MessageLocale): Promise<ElicitationMessages> {
  const ready = loaded.get(locale);
  if (ready !== undefined) return Promise.resolve(ready);
  let pending = loading.get(locale);
  if (pending === undefined) {
    pending = LOADERS[locale as Exclude<MessageLocale, "en">]().then(
      (messages) => {
        loaded.set(locale, messages);
        loading.delete(locale);
        return messages;
      },
      (error: unknown) => {
        loading.delete(locale);
        throw error;
      },
    );
    loading.set(locale, pending);
  }
  return pending;
}
