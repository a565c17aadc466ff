import { render, screen } from "@testing-library/react";
import { useEffect } from "react";
import { describe, expect, it, vi } from "vitest";
import { ElicitationForm } from "../src/form/ElicitationForm";
import { createElicitationQueue } from "../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../src/host/ElicitationOutlet";
import { githubUsernameTitled } from "./fixtures/seedRequests";
import { renderDialog } from "./renderDialog";

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

describe("development builds (StrictMode, set for every render in test/setup.ts)", () => {
  it("every component test mounts, unmounts and mounts again, as a Vite or Next.js dev build does", () => {
    const mounts = vi.fn();
    function Probe() {
      useEffect(() => mounts(), []);
      return null;
    }
    render(<Probe />);
    expect(mounts).toHaveBeenCalledTimes(2);
  });

  it("the dialog stays open and answers nothing by itself after opening", async () => {
    const { onResponse } = renderDialog(githubUsernameTitled);
    await settle();
    const dialog = screen.getByRole("dialog") as HTMLDialogElement;
    expect(dialog.open).toBe(true);
    expect(onResponse).not.toHaveBeenCalled();
  });

  it("the outlet keeps the head of the queue on screen until the person answers", async () => {
    const queue = createElicitationQueue();
    const answer = vi.fn();
    void queue.request({ serverName: "Acme", params: githubUsernameTitled }).then(answer);
    render(<ElicitationOutlet queue={queue} />);
    await settle();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(answer).not.toHaveBeenCalled();
  });

  it("an invalid schema is reported once", async () => {
    const onInvalidSchema = vi.fn();
    render(<ElicitationForm schema={{ type: "object", properties: { a: { type: "object" } } }} onSubmit={() => {}} onInvalidSchema={onInvalidSchema} />);
    await settle();
    expect(onInvalidSchema).toHaveBeenCalledTimes(1);
  });
});
