// In Chromium, on a phone-sized and a desktop viewport: a URL-mode request with a 2,300-character
// host still shows its registrable domain and the Open button naming it inside the viewport.
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { page } from "vitest/browser";
import "../../src/styles.css";
import { ElicitationDialog } from "../../src/dialog/ElicitationDialog";
import type { ElicitParams } from "../../src/core/types";

afterEach(async () => {
  cleanup();
  await page.viewport(414, 896); // the runner's default
});

const labels = Array.from({ length: 40 }, (_, i) => `secure-login-${i}-${"x".repeat(41)}`);
const host = `github.com.${labels.join(".")}.evil.example`;
const request = { mode: "url", message: "Sign in to continue", url: `https://${host}/login?next=%2F`, elicitationId: "e1" } as ElicitParams;

function inViewport(element: Element) {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.top >= 0 && box.left >= 0 && box.bottom <= window.innerHeight && box.right <= window.innerWidth;
}

describe("the registrable domain stays where the person looks", () => {
  it.each([
    [1280, 800],
    [390, 844],
  ])("at %i×%i", async (width, height) => {
    await page.viewport(width, height);
    expect(host.length).toBeGreaterThan(2_300);
    render(<ElicitationDialog serverName="Acme" request={request} onResponse={() => {}} />);
    const open = await screen.findByRole("button", { name: "Open evil.example" });
    const site = screen.getByTestId("rme-url-site");
    expect(site).toHaveTextContent(/^evil\.example$/);
    expect(inViewport(site)).toBe(true);
    expect(inViewport(open)).toBe(true);
  });
});
