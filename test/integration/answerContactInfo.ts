// What a person does with the contact-info request in every client recipe: checks who asks and why,
// types the three fields and submits. Returns the answer the server should then receive.
import { screen } from "@testing-library/react";
import type { UserEvent } from "@testing-library/user-event";
import { expect } from "vitest";

export async function answerContactInfo(user: UserEvent, serverName: string) {
  const dialog = await screen.findByRole("dialog", { name: `${serverName} is asking for information` });
  expect(dialog).toHaveTextContent("Please provide your contact information");
  await user.type(screen.getByLabelText(/^Name/), "Ada Lovelace");
  await user.type(screen.getByLabelText(/^Email/), "ada@example.com");
  await user.type(screen.getByLabelText(/^Age/), "36");
  await user.click(screen.getByRole("button", { name: "Submit" }));
  // Age arrives as a number, as the schema says.
  return { action: "accept", content: { name: "Ada Lovelace", email: "ada@example.com", age: 36 } };
}
