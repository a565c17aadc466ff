import { useCallback, useEffect, useState } from "react";
import type { ElicitationLayout } from "../../src/index";

export type DemoPresentation = "inline" | "dialog";
export type DemoTheme = "system" | "light" | "dark";

export interface DemoSettings {
  /** Where a question appears: as a card in the thread, or as a dialog over the page. */
  presentation: DemoPresentation;
  layout: ElicitationLayout;
  theme: DemoTheme;
}

const CHOICES = {
  presentation: ["inline", "dialog"],
  layout: ["form", "steps", "auto"],
  theme: ["system", "light", "dark"],
} as const;

const DEFAULTS: DemoSettings = { presentation: "inline", layout: "form", theme: "system" };

/** The switches of the demo's header, kept in the address (`?presentation=dialog&layout=steps`) so a view can be shared or reloaded. */
export function useDemoSettings(): [DemoSettings, (change: Partial<DemoSettings>) => void] {
  const [settings, setSettings] = useState<DemoSettings>(() => {
    const query = new URLSearchParams(window.location.search);
    const pick = <K extends keyof DemoSettings>(key: K): DemoSettings[K] => {
      const value = query.get(key);
      return ((CHOICES[key] as readonly string[]).includes(value ?? "") ? value : DEFAULTS[key]) as DemoSettings[K];
    };
    return { presentation: pick("presentation"), layout: pick("layout"), theme: pick("theme") };
  });

  useEffect(() => {
    const query = new URLSearchParams(window.location.search);
    for (const key of Object.keys(CHOICES) as (keyof DemoSettings)[]) {
      if (settings[key] === DEFAULTS[key]) query.delete(key);
      else query.set(key, settings[key]);
    }
    const search = query.toString();
    window.history.replaceState(null, "", `${window.location.pathname}${search ? `?${search}` : ""}`);
    // The page's colour scheme: the library's parts follow it (light-dark()).
    document.documentElement.style.colorScheme = settings.theme === "system" ? "" : settings.theme;
  }, [settings]);

  const change = useCallback((next: Partial<DemoSettings>) => setSettings((current) => ({ ...current, ...next })), []);
  return [settings, change];
}

export const SETTING_CHOICES = CHOICES;
