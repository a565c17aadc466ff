// The wording of an answer on its way and of a request closed elsewhere: optional in `messages` (its
// English defaults load with the outlet), yet in every catalogue, translated.
import { act, render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";
import { defaultDeliveryMessages } from "../../src/messages/deliveryMessages";
import type { ElicitationMessages } from "../../src/messages/ElicitationMessages";
import { deMessages } from "../../src/messages/locales/de";
import { esMessages } from "../../src/messages/locales/es";
import { frMessages } from "../../src/messages/locales/fr";
import { jaMessages } from "../../src/messages/locales/ja";
import { ptBRMessages } from "../../src/messages/locales/ptBR";
import { zhHansMessages } from "../../src/messages/locales/zhHans";
import { githubUsernameTitled } from "../fixtures/seedRequests";

const CATALOGUES: [string, ElicitationMessages][] = [
  ["de", deMessages],
  ["fr", frMessages],
  ["es", esMessages],
  ["ja", jaMessages],
  ["zh-Hans", zhHansMessages],
  ["pt-BR", ptBRMessages],
];

describe("the delivery wording", () => {
  it.each(CATALOGUES)("%s has every string of it, translated", (_locale, messages) => {
    for (const [key, english] of Object.entries(defaultDeliveryMessages)) {
      const said = messages[key as keyof typeof defaultDeliveryMessages];
      expect(said, key).toEqual(expect.any(String));
      expect(said, `${key} is still English`).not.toBe(english);
    }
  });

  it("the outlet says it in the language asked for", async () => {
    const queue = createElicitationQueue();
    render(<ElicitationOutlet queue={queue} presentation="inline" locale="de" />);
    act(() => void queue.request({ serverName: "GitHub", params: githubUsernameTitled, deliver: () => new Promise<void>(() => undefined) }).catch(() => undefined));
    const { id } = queue.getSnapshot().current!;
    await screen.findByRole("region", { name: /GitHub/ });
    act(() => void queue.submit(id, { action: "decline" }));
    expect(await screen.findByText("Wird gesendet…")).toHaveAttribute("aria-live", "polite");
  });
});
