import type { Page } from "playwright-core";

/** Fills the contact form's required fields as a visitor would. */
export async function fillRequired(
  page: Page,
  person: { first: string; last: string; email: string; message: string },
) {
  await page.getByLabel("First name").fill(person.first);
  await page.getByLabel("Last name").fill(person.last);
  await page.getByLabel("E-mail").fill(person.email);
  await page.getByLabel("Tell us about your project").fill(person.message);
}
