import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { StrictMode, useState, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import type { ElicitFormParams, ElicitParams, ElicitResult } from "../../src/core/types";
import type { ElicitationAnswer } from "../../src/dialog/useElicitationAnswer";
import { ElicitationDialogParts as Parts } from "../../src/host/ElicitationDialogParts";
// As a host imports them: by name, from the root entry.
import {
  ElicitationDialogActions,
  ElicitationDialogBody,
  ElicitationDialogClose,
  ElicitationDialogHeader,
  ElicitationDialogMessage,
  ElicitationDialogRoot,
  ElicitationDialogStatus,
  useElicitationAnswer,
} from "../../src/index";
import { defaultHostMessages } from "../../src/messages/hostMessages";
import { bankTransfer, githubUsernameTitled } from "../fixtures/seedRequests";

const withPassword = {
  message: "Log in",
  requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } },
} as unknown as ElicitParams;

/** A host's own card: actions first, then the message, no × — arranged from the same parts. */
function HostCard({ onAnswer, ...props }: { request: ElicitParams; onResponse: (result: ElicitResult) => void; signal?: AbortSignal; sensitiveFields?: "warn" | "decline"; onAnswer?: (answer: ElicitationAnswer) => void }) {
  const answer = Parts.useAnswer({ serverName: "GitHub", ...props });
  onAnswer?.(answer);
  return (
    <Parts.Root answer={answer} presentation="inline" className="host-card">
      <Parts.Header status={<span>via the Tools panel</span>} />
      <Parts.Body
        actions={
          <div className="rme-actions">
            <button type="submit">Send it</button>
            <button type="button" onClick={answer.decline}>
              Not now
            </button>
          </div>
        }
      />
      <Parts.Message />
    </Parts.Root>
  );
}

describe("ElicitationDialogParts: a host's own arrangement", () => {
  it("draws the parts in the host's order and answers exactly once", async () => {
    const user = userEvent.setup();
    const onResponse = vi.fn();
    let answer: ElicitationAnswer | undefined;
    render(<HostCard request={githubUsernameTitled} onResponse={onResponse} onAnswer={(latest) => (answer = latest)} />);
    const card = screen.getByRole("region", { name: /GitHub is asking/ });
    expect(card).toHaveClass("host-card");
    expect(within(card).getByText("via the Tools panel")).toBeInTheDocument();
    // The message after the form, as arranged; no × since the host left Close out.
    expect(card.querySelector(".rme-dialog__surface")!.lastElementChild).toHaveClass("rme-dialog__message");
    expect(within(card).queryByRole("button", { name: "Close" })).toBeNull();
    await user.type(within(card).getByLabelText(/GitHub Username/), "octocat");
    await user.click(within(card).getByRole("button", { name: "Send it" }));
    expect(onResponse.mock.calls).toEqual([[{ action: "accept", content: { username: "octocat" } }]]);
    expect(screen.queryByRole("region")).toBeNull();
    // A second answer, by every way the parts offer one (a host's late handler, a stale closure): none is sent.
    act(() => {
      answer!.decline();
      answer!.cancel();
      answer!.accept({ username: "someone-else" });
      answer!.respond({ action: "decline" });
    });
    expect(onResponse.mock.calls).toEqual([[{ action: "accept", content: { username: "octocat" } }]]);
  });

  it("keeps the protections of the dialog: the sensitive-field policy, withdrawal, one answer", async () => {
    const declined = vi.fn();
    let answer: ElicitationAnswer | undefined;
    render(<HostCard request={withPassword} onResponse={declined} sensitiveFields="decline" onAnswer={(latest) => (answer = latest)} />);
    expect(screen.queryByRole("region")).toBeNull();
    expect(declined.mock.calls).toEqual([[{ action: "decline" }]]);
    // The policy's answer is the one answer: the host cannot send another after it.
    act(() => answer!.accept({ password: "hunter2" }));
    expect(declined.mock.calls).toEqual([[{ action: "decline" }]]);

    const controller = new AbortController();
    const withdrawn = vi.fn();
    function Withdrawable() {
      const [signal] = useState(() => controller.signal);
      return <HostCard request={bankTransfer} onResponse={withdrawn} signal={signal} onAnswer={(latest) => (answer = latest)} />;
    }
    render(<Withdrawable />);
    expect(screen.getByRole("button", { name: "Not now" })).toBeInTheDocument();
    act(() => controller.abort());
    expect(screen.queryByRole("region")).toBeNull();
    // Withdrawn: no answer at all, whatever the host calls afterwards.
    act(() => answer!.decline());
    expect(withdrawn).not.toHaveBeenCalled();
  });
});

const trip: ElicitFormParams = {
  message: "Plan the trip",
  requestedSchema: {
    type: "object",
    properties: {
      name: { type: "string", title: "Your name" },
      guests: { type: "integer", title: "Guests", minimum: 0, default: 2 },
      room: { type: "string", title: "Room", enum: ["single", "double"] },
    },
    required: ["name"],
  },
};

/** A host's dialog from the named parts, each imported on its own as a Radix host writes it. */
function NamedPartsDialog(props: { request: ElicitParams; onResponse: (result: ElicitResult) => void; layout?: "form" | "steps" | "auto" }) {
  const answer = useElicitationAnswer({ serverName: "Travel", request: props.request, onResponse: props.onResponse });
  return (
    <ElicitationDialogRoot answer={answer} layout={props.layout} protectionInterval={0}>
      <ElicitationDialogHeader
        status={<ElicitationDialogStatus serverName="Travel" position={1} total={2} now={Date.now} messages={defaultHostMessages} />}
      />
      <ElicitationDialogMessage />
      <ElicitationDialogBody actions={<ElicitationDialogActions />} />
      <ElicitationDialogClose />
    </ElicitationDialogRoot>
  );
}

describe("the parts imported by name", () => {
  it("make a working dialog under StrictMode: title, status, message, fields, actions, ×, one answer", async () => {
    const user = userEvent.setup();
    const onResponse = vi.fn();
    render(
      <StrictMode>
        <NamedPartsDialog request={trip} onResponse={onResponse} />
      </StrictMode>,
    );
    const dialog = screen.getByRole("dialog", { name: /Travel/ });
    expect(within(dialog).getByTestId("rme-queue-position")).toHaveTextContent("1 of 2");
    expect(within(dialog).getByText("Plan the trip")).toBeInTheDocument();
    expect(within(dialog).getByRole("button", { name: "Close" })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Your name/), "Ada");
    await user.click(within(dialog).getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(onResponse).toHaveBeenCalled());
    expect(onResponse.mock.calls).toEqual([[{ action: "accept", content: { name: "Ada", guests: 2 } }]]);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("are the same components as ElicitationDialogParts", () => {
    expect(Parts).toEqual({
      useAnswer: useElicitationAnswer,
      Root: ElicitationDialogRoot,
      Header: ElicitationDialogHeader,
      Message: ElicitationDialogMessage,
      Body: ElicitationDialogBody,
      Actions: ElicitationDialogActions,
      Close: ElicitationDialogClose,
      Status: ElicitationDialogStatus,
    });
  });

  it.each([
    ["Header", <ElicitationDialogHeader />],
    ["Message", <ElicitationDialogMessage />],
    ["Body", <ElicitationDialogBody />],
    ["Actions", <ElicitationDialogActions />],
    ["Close", <ElicitationDialogClose />],
  ] as [string, ReactNode][])("%s outside Root throws an error naming it", (part, element) => {
    // React reports the thrown error on the console as well; the test reads it from render.
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(() => render(element)).toThrow(`\`ElicitationDialogParts.${part}\` must be used inside \`ElicitationDialogParts.Root\``);
  });

  it('<Root layout="steps"> composed by hand draws one question at a time', async () => {
    const user = userEvent.setup();
    const onResponse = vi.fn();
    render(<NamedPartsDialog request={trip} onResponse={onResponse} layout="steps" />);
    expect(await screen.findByLabelText(/Your name/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/Guests/)).toBeNull();
    expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("1 of 3");
    await user.type(screen.getByLabelText(/Your name/), "Ada{Enter}");
    expect(await screen.findByLabelText(/Guests/)).toHaveValue(2);
    expect(screen.queryByLabelText(/Your name/)).toBeNull();
    expect(screen.getByTestId("rme-step-progress")).toHaveTextContent("2 of 3");
    expect(onResponse).not.toHaveBeenCalled();
  });
});
