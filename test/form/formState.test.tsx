// A host that draws its own chrome around a controller reads react-hook-form's form state from
// `controller.form.formState`, as from useForm: a key it reads re-renders its component when it changes.
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { useElicitationForm, type UseElicitationFormResult } from "../../src/form/useElicitationForm";
import { contactInfo } from "../fixtures/seedRequests";

function Host({ onSubmit, show }: { onSubmit: () => void; show: (controller: UseElicitationFormResult) => string }) {
  const controller = useElicitationForm(contactInfo.requestedSchema);
  return (
    <>
      <output data-testid="state">{show(controller)}</output>
      <ElicitationForm controller={controller} onSubmit={onSubmit} />
    </>
  );
}

describe("controller.form.formState", () => {
  it("shows the form becoming dirty, a failed submit and its errors, and a reset", async () => {
    const user = userEvent.setup();
    let controller: UseElicitationFormResult | undefined;
    const show = (current: UseElicitationFormResult) => {
      controller = current;
      const { isDirty, submitCount, errors } = current.form.formState;
      return `dirty ${isDirty}, submits ${submitCount}, errors ${Object.keys(errors).sort().join(",")}`;
    };
    render(<Host onSubmit={vi.fn()} show={show} />);
    const state = screen.getByTestId("state");
    expect(state).toHaveTextContent("dirty false, submits 0, errors");

    await user.type(screen.getByRole("spinbutton", { name: /Age/ }), "5");
    expect(state).toHaveTextContent("dirty true, submits 0, errors");

    await user.click(screen.getByRole("button", { name: "Submit" }));
    await vi.waitFor(() => expect(state).toHaveTextContent("dirty true, submits 1, errors f0,f1,f2"));

    act(() => controller!.form.reset());
    expect(state).toHaveTextContent("dirty false, submits 0, errors");
  });

  it("says the form is ready once it is mounted, to a host that reads it", () => {
    render(<Host onSubmit={vi.fn()} show={(controller) => `ready ${controller.form.formState.isReady}`} />);
    expect(screen.getByTestId("state")).toHaveTextContent("ready true");
  });
});
