import { defaultMessages } from "./defaultMessages";
import type { ElicitationMessages } from "./ElicitationMessages";
import type { MessageLocale } from "./resolveLocale";

// Each language but English is its own chunk, fetched the first time a component asks for it
// (docs/i18n.md): five catalogues bundled up front would cost every host about 10 KB gzipped.
const LOADERS: Record<Exclude<MessageLocale, "en">, () => Promise<ElicitationMessages>> = {
  de: () => import("./locales/de").then((module) => module.deMessages),
  fr: () => import("./locales/fr").then((module) => module.frMessages),
  es: () => import("./locales/es").then((module) => module.esMessages),
  ja: () => import("./locales/ja").then((module) => module.jaMessages),
  "zh-Hans": () => import("./locales/zhHans").then((module) => module.zhHansMessages),
  "pt-BR": () => import("./locales/ptBR").then((module) => module.ptBRMessages),
};

// Catalogues already here, so a component mounting later draws in its language on its first
// render: a cache of immutable modules, like the module registry it mirrors.
const loaded = new Map<MessageLocale, ElicitationMessages>([["en", defaultMessages]]);

/** The catalogue of `locale` if it has arrived, else undefined. */
export function loadedLocaleMessages(locale: MessageLocale): ElicitationMessages | undefined {
  return loaded.get(locale);
}

/**
 * Fetches the catalogue of `locale`; rejects when its chunk cannot be loaded (the next call tries
 * again). The module system fetches each chunk once, however many components ask at the same time.
 */
export async function loadLocaleMessages(locale: MessageLocale): Promise<ElicitationMessages> {
  const messages = loaded.get(locale) ?? (await LOADERS[locale as Exclude<MessageLocale, "en">]());
  loaded.set(locale, messages);
  return messages;
}
