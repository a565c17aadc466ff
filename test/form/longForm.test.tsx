// A long form shows its first screenful with the first paint and the rest over the next frames.
// Nothing a person relies on may depend on when a field arrives: order, values, Submit, focus.
import { act, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseElicitationSchema } from "../../src/core/request/parseElicitationSchema";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { longSchema } from "../fixtures/longSchema";

const SIZE = 120;

const drawnLabels = () => [...document.querySelectorAll(".rme-field__label")].map((label) => label.textContent);
const busy = () => document.querySelector(".rme-form__fields")?.getAttribute("aria-busy") ?? null;
const allDrawn = () => waitFor(() => expect(drawnLabels()).toHaveLength(SIZE));

describe("a long form", () => {
  it("draws its first fields at once, says it is still filling in, and has every field in order a few frames later", async () => {
    render(<ElicitationForm schema={longSchema(SIZE)} onSubmit={vi.fn()} />);
    const first = drawnLabels();
    expect(first.length).toBeGreaterThanOrEqual(20);
    expect(first.length).toBeLessThan(SIZE);
    expect(first).toEqual(Array.from({ length: first.length }, (_, i) => `Field ${i}`));
    expect(busy()).toBe("true");

    await allDrawn();
    expect(drawnLabels()).toEqual(Array.from({ length: SIZE }, (_, i) => `Field ${i}`));
    expect(busy()).toBeNull();
    // Each field's value is there as it arrives.
    expect(screen.getByLabelText("Field 119")).toHaveValue("v119");
  });

  it("a Submit before every field is drawn sends every field's value, the ones not drawn yet included", async () => {
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={longSchema(SIZE)} onSubmit={onSubmit} />);
    expect(busy()).toBe("true");
    const form = document.querySelector("form")!;
    await act(async () => {
      form.requestSubmit();
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual(Object.fromEntries(Array.from({ length: SIZE }, (_, i) => [`f${i}`, `v${i}`])));
  });

  it("a failed Submit before every field is drawn moves focus to the first invalid field, far down the form", async () => {
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={longSchema(SIZE, [110])} onSubmit={onSubmit} />);
    expect(screen.queryByLabelText(/^Field 110/)).toBeNull();
    await act(async () => {
      document.querySelector("form")!.requestSubmit();
    });
    const field = await screen.findByLabelText(/^Field 110/);
    await waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute("aria-invalid", "true");
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("values given to the form (a draft, an answer to preview) are in fields drawn later, and what is typed there is sent", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={longSchema(SIZE)} onSubmit={onSubmit} values={{ f100: "restored" }} />);
    await allDrawn();
    expect(screen.getByLabelText("Field 100")).toHaveValue("restored");
    await user.clear(screen.getByLabelText("Field 115"));
    await user.type(screen.getByLabelText("Field 115"), "typed");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ f0: "v0", f100: "restored", f115: "typed", f119: "v119" });
  });

  it("a form of a screenful or less is drawn whole in its first render", () => {
    const parsed = parseElicitationSchema({ type: "object", properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, { type: "string" }])) });
    if (!parsed.ok) throw parsed.error;
    render(<ElicitationForm schema={parsed.schema} onSubmit={vi.fn()} />);
    expect(drawnLabels()).toHaveLength(20);
    expect(busy()).toBeNull();
  });

  describe("in a window of a given height", () => {
    const height = window.innerHeight;
    afterEach(() => {
      window.innerHeight = height;
    });

    it("draws with the first paint as many fields as the window holds at a field's least height (40 px), and a form only five longer whole", () => {
      window.innerHeight = 400;
      const { unmount } = render(<ElicitationForm schema={longSchema(15)} onSubmit={vi.fn()} />);
      expect(drawnLabels()).toHaveLength(15);
      expect(busy()).toBeNull();
      unmount();
      render(<ElicitationForm schema={longSchema(16)} onSubmit={vi.fn()} />);
      expect(drawnLabels()).toEqual(Array.from({ length: 10 }, (_, i) => `Field ${i}`));
      expect(busy()).toBe("true");
    });

    it("a server-rendered long form hydrates without a mismatch, then draws the window's share and the rest", async () => {
      window.innerHeight = 800;
      const container = document.createElement("div");
      container.innerHTML = renderToString(<ElicitationForm schema={longSchema(SIZE)} onSubmit={vi.fn()} />);
      document.body.append(container);
      // The server drew the first ten.
      expect(drawnLabels()).toHaveLength(10);
      const onRecoverableError = vi.fn();
      const root = await act(async () => hydrateRoot(container, <ElicitationForm schema={longSchema(SIZE)} onSubmit={vi.fn()} />, { onRecoverableError }));
      await allDrawn();
      expect(drawnLabels()).toEqual(Array.from({ length: SIZE }, (_, i) => `Field ${i}`));
      expect(onRecoverableError).not.toHaveBeenCalled();
      act(() => root.unmount());
      container.remove();
    });
  });
});
