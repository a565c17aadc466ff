import { useEffect, useState } from "react";
import { defaultMessages } from "./defaultMessages";
import type { ElicitationMessages } from "./ElicitationMessages";
import { loadedLocaleMessages, loadLocaleMessages } from "./loadLocaleMessages";
import { resolveLocale } from "./resolveLocale";
import type { ElicitationMessagesInput } from "./resolveMessages";

/** Whether the host's `messages` word every string, so no catalogue needs to be waited for. */
function wordsEverything(messages: ElicitationMessagesInput | undefined): boolean {
  if (messages === undefined || messages.validation === undefined) return false;
  return Object.keys(defaultMessages).every((key) => typeof messages[key as keyof ElicitationMessagesInput] === "string" || key === "validation");
}

/**
 * The catalogue for a BCP 47 `locale`: at once when it is English, has already arrived, or the
 * host's `messages` word every string themselves; undefined while its chunk loads (the components
 * draw nothing meanwhile rather than flash English); English when the chunk cannot be loaded.
 */
export function useLocaleMessages(locale: string | undefined, messages?: ElicitationMessagesInput): ElicitationMessages | undefined {
  const language = wordsEverything(messages) ? "en" : resolveLocale(locale);
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
