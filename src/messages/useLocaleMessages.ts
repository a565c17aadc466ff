import { useEffect, useState } from "react";
import { defaultMessages } from "./defaultMessages";
import type { ElicitationMessages } from "./ElicitationMessages";
import { loadedLocaleMessages, loadLocaleMessages } from "./loadLocaleMessages";
import { resolveLocale } from "./resolveLocale";

/**
 * The catalogue for a BCP 47 `locale`: at once when it is English or has already arrived,
 * undefined while its chunk loads (the components draw nothing meanwhile rather than flash
 * English), English when the chunk cannot be loaded.
 */
export function useLocaleMessages(locale: string | undefined): ElicitationMessages | undefined {
  const language = resolveLocale(locale);
  const [arrived, setArrived] = useState<{ language: string; messages: ElicitationMessages }>();
  const ready = loadedLocaleMessages(language) ?? (arrived?.language === language ? arrived.messages : undefined);
  useEffect(() => {
    if (ready !== undefined) return;
    let current = true;
    loadLocaleMessages(language).then(
      (messages) => current && setArrived({ language, messages }),
      () => current && setArrived({ language, messages: defaultMessages }),
    );
    return () => {
      current = false;
    };
  }, [language, ready]);
  return ready;
}
