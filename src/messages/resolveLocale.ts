/** The languages the package words its interface in. */
export type MessageLocale = "en" | "de" | "fr" | "es" | "ja" | "zh-Hans" | "pt-BR";

/**
 * The catalogue for a BCP 47 tag: its language, whatever the region ("fr-CA" → "fr", "es-419" →
 * "es"); Chinese in Simplified script ("zh", "zh-CN", "zh-SG" → "zh-Hans"; Traditional — "zh-Hant",
 * "zh-TW", "zh-HK", "zh-MO" — has no catalogue and gets English rather than the other script); any
 * Portuguese → "pt-BR", the only one there is. Anything else, or no tag, is English.
 */
export function resolveLocale(tag: string | undefined): MessageLocale {
  if (typeof tag !== "string") return "en";
  const [language = "", ...rest] = tag.trim().toLowerCase().split(/[-_]/);
  switch (language) {
    case "de":
    case "fr":
    case "es":
    case "ja":
      return language;
    case "pt":
      return "pt-BR";
    case "zh": {
      const traditional = rest.includes("hant") || (!rest.includes("hans") && rest.some((part) => ["tw", "hk", "mo"].includes(part)));
      return traditional ? "en" : "zh-Hans";
    }
    default:
      return "en";
  }
}
