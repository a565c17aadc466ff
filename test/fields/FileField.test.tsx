import { createEvent, fireEvent, render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { fileInputs } from "../../src/core/request/fileInputs";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import { ElicitationForm } from "../../src/form/ElicitationForm";
import { createElicitationQueue } from "../../src/client/queue/createElicitationQueue";
import { ElicitationOutlet } from "../../src/host/ElicitationOutlet";

const schema = (file: Record<string, unknown> = { accept: ["image/*", ".pdf"], maxSize: 2_000_000 }, extra: Record<string, unknown> = {}) => ({
  type: "object" as const,
  properties: {
    scan: { type: "string", format: "uri", title: "Scanned receipt", description: "A photo or a PDF", "x-mcp-file": file, ...extra },
  },
  required: ["scan"],
});

const pdf = (bytes = 2048, name = "receipt march.pdf") => new File([new Uint8Array(bytes).fill(65)], name, { type: "application/pdf" });

/** The picker button, once the field's own chunk has arrived. */
async function picker() {
  const button = await screen.findByRole("button", { name: /Scanned receipt.*Choose a file/ });
  await waitFor(() => expect(button).toBeEnabled());
  return button;
}
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe("file inputs", () => {
  it("without the opt-in, the property stays a URL field", () => {
    render(<ElicitationForm schema={schema()} onSubmit={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: /Scanned receipt/ })).toHaveAttribute("type", "url");
    expect(fileInput()).toBeNull();
  });

  it("with the opt-in, a chosen file shows its name and size, never its bytes, and is sent as a data: URI", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={schema()} onSubmit={onSubmit} fileInputs={fileInputs} locale="en" />);
    const button = await picker();
    expect(button).toHaveAccessibleDescription(/A photo or a PDF.*Accepted types: image\/\*, \.pdf · Up to 2 MB/);
    expect(fileInput()).toHaveAttribute("accept", "image/*,.pdf");
    await user.upload(fileInput(), pdf(2048));
    expect(await screen.findByText("receipt march.pdf")).toBeVisible();
    expect(screen.getByText("2 kB")).toBeVisible();
    expect(document.body.textContent).not.toContain("QUFB");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const sent = onSubmit.mock.calls[0]![0].scan as string;
    expect(sent.startsWith("data:application/pdf;name=receipt%20march.pdf;base64,QUFB")).toBe(true);
    expect(atob(sent.slice(sent.indexOf(",") + 1))).toBe("A".repeat(2048));
  });

  it("turns down a file of another type or over the size before reading it, and keeps the earlier choice", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const read = vi.spyOn(FileReader.prototype, "readAsDataURL");
    render(<ElicitationForm schema={schema()} onSubmit={vi.fn()} fileInputs={fileInputs} />);
    await picker();
    await user.upload(fileInput(), pdf(100, "ok.pdf"));
    expect(await screen.findByText("ok.pdf")).toBeVisible();
    expect(read).toHaveBeenCalledTimes(1);

    await user.upload(fileInput(), new File(["a,b"], "table.csv", { type: "text/csv" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a file of an accepted type (image/*, .pdf)");
    await user.upload(fileInput(), pdf(2_000_001, "huge.pdf"));
    expect(await screen.findByRole("alert")).toHaveTextContent("Choose a file of at most 2 MB");
    expect(read).toHaveBeenCalledTimes(1);
    expect(screen.getByText("ok.pdf")).toBeVisible();
    expect(screen.getByRole("button", { name: /Choose a file/ })).toHaveAccessibleDescription(/Choose a file of at most 2 MB/);
    read.mockRestore();
  });

  it("takes a file dropped on the field", async () => {
    render(<ElicitationForm schema={schema()} onSubmit={vi.fn()} fileInputs={fileInputs} />);
    const button = await picker();
    const zone = button.closest(".rme-file")!;
    const file = pdf(10, "dropped.pdf");
    const dataTransfer = { files: [file], types: ["Files"], dropEffect: "none" };
    const over = createEvent.dragOver(zone, { dataTransfer });
    fireEvent(zone, over);
    expect(over.defaultPrevented).toBe(true);
    expect(zone).toHaveAttribute("data-dragging");
    fireEvent.drop(zone, { dataTransfer });
    expect(await screen.findByText("dropped.pdf")).toBeVisible();
    expect(zone).not.toHaveAttribute("data-dragging");
  });

  it("requires a file, and Remove takes the chosen one away", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<ElicitationForm schema={schema()} onSubmit={onSubmit} fileInputs={fileInputs} />);
    await picker();
    await user.upload(fileInput(), pdf(10, "a.pdf"));
    await user.click(await screen.findByRole("button", { name: "Remove" }));
    expect(screen.queryByText("a.pdf")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("This field is required")).toBeVisible();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows a server's default by the name its data: URI carries, and sends it unchanged", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const dflt = "data:text/plain;name=notes.txt;base64,aGVsbG8=";
    render(<ElicitationForm schema={schema({}, { default: dflt })} onSubmit={onSubmit} fileInputs={fileInputs} />);
    await picker();
    expect(screen.getByText("notes.txt")).toBeVisible();
    expect(screen.getByText("5 byte")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ scan: dflt }));
  });

  it("reaches the outlet's dialog through the queue's opt-in, in the person's language", async () => {
    const user = userEvent.setup();
    const queue = createElicitationQueue({ fileInputs });
    render(<ElicitationOutlet queue={queue} locale="fr" />);
    const answer = queue.request({ serverName: "Comptabilité", params: { message: "Votre justificatif", requestedSchema: schema() } });
    const button = await screen.findByRole("button", { name: /Scanned receipt.*Choisir un fichier/ });
    await waitFor(() => expect(button).toBeEnabled());
    expect(button).toHaveAccessibleDescription(/Types acceptés\s: image\/\*, \.pdf · Jusqu’à 2\sMo/);
    await user.upload(fileInput(), pdf(1500, "reçu.pdf"));
    // Intl words the size in French: "1,5 ko", with its own no-break space.
    expect(await screen.findByText(/^1,5\sko$/)).toBeVisible();
    await user.click(screen.getByRole("button", { name: "Envoyer" }));
    await expect(answer).resolves.toMatchObject({ action: "accept", content: { scan: expect.stringMatching(/^data:application\/pdf;name=re%C3%A7u\.pdf;base64,/) } });
  });

  it("is a URL field in a dialog without the opt-in", () => {
    render(<ElicitationDialog serverName="S" request={{ message: "m", requestedSchema: schema() }} onResponse={vi.fn()} />);
    expect(screen.getByRole("textbox", { name: /Scanned receipt/ })).toHaveAttribute("type", "url");
  });
});
