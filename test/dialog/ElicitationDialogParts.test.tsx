import { act, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import type { ElicitParams, ElicitResult } from "../../src/core/types";
import { ElicitationDialogParts as Parts } from "../../src/host/ElicitationDialogParts";
import { bankTransfer, githubUsernameTitled } from "../fixtures/seedRequests";

const withPassword = {
  message: "Log in",
  requestedSchema: { type: "object", properties: { password: { type: "string", title: "Password" } } },
} as unknown as ElicitParams;

/** A host's own card: actions first, then the message, no × — arranged from the same parts. */
function HostCard(props: { request: ElicitParams; onResponse: (result: ElicitResult) => void; signal?: AbortSignal; sensitiveFields?: "warn" | "decline" }) {
  const answer = Parts.useAnswer({ serverName: "GitHub", ...props });
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
    render(<HostCard request={githubUsernameTitled} onResponse={onResponse} />);
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
  });

  it("keeps the protections of the dialog: the sensitive-field policy, withdrawal, one answer", async () => {
    const declined = vi.fn();
    render(<HostCard request={withPassword} onResponse={declined} sensitiveFields="decline" />);
    expect(screen.queryByRole("region")).toBeNull();
    expect(declined.mock.calls).toEqual([[{ action: "decline" }]]);

    const controller = new AbortController();
    const withdrawn = vi.fn();
    function Withdrawable() {
      const [signal] = useState(() => controller.signal);
      return <HostCard request={bankTransfer} onResponse={withdrawn} signal={signal} />;
    }
    render(<Withdrawable />);
    expect(screen.getByRole("button", { name: "Not now" })).toBeInTheDocument();
    act(() => controller.abort());
    expect(screen.queryByRole("region")).toBeNull();
    expect(withdrawn).not.toHaveBeenCalled();
  });
});
