// A server-rendered host page coming to life (Next.js, Remix) on React 19 and 18.3: the dialog is
// not in the server's HTML, hydration finds nothing to disagree with, and the dialog then opens in
// document.body, stays open under StrictMode and answers.
import { screen, waitFor } from "@testing-library/react";
import { act, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { expect, it, vi } from "vitest";
import "../../src/styles.css";
import type { ElicitResult } from "../../src/core/types";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";

const schema = { type: "object", properties: { name: { type: "string", title: "Project name", default: "demo" } } } as const;

it("hydrates a server-rendered page without a mismatch; the dialog then opens in document.body and answers", async () => {
  const onResponse = vi.fn<(result: ElicitResult) => void>();
  const page = (
    <StrictMode>
      <main className="chat">
        <h1>Chat</h1>
        <ElicitationForm schema={schema} onSubmit={() => {}} />
        <ElicitationDialog serverName="Deploy Bot" request={{ message: "Name it", requestedSchema: schema }} onResponse={onResponse} />
      </main>
    </StrictMode>
  );
  const html = renderToString(page);
  expect(html).not.toContain("<dialog");
  const root = document.body.appendChild(document.createElement("div"));
  root.innerHTML = html;
  const recoverable = vi.fn();
  const hydrated = await act(async () => hydrateRoot(root, page, { onRecoverableError: recoverable }));
  const dialog = await waitFor(() => screen.getByRole("dialog", { name: /Deploy Bot/ }) as HTMLDialogElement);
  expect(dialog.parentElement).toBe(document.body);
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(dialog.open).toBe(true);
  expect(recoverable).not.toHaveBeenCalled();
  expect(onResponse).not.toHaveBeenCalled();
  await act(async () => dialog.querySelector<HTMLButtonElement>('[data-action="decline"]')!.click());
  expect(onResponse.mock.calls).toEqual([[{ action: "decline" }]]);
  act(() => hydrated.unmount());
  root.remove();
});
