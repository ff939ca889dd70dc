import type { Browser } from "@playwright/test";
import { DEMO, expect, expectAccessible, login, signUpNewApplicant, test } from "./fixtures";
import { pageAs, watchPosts } from "./steps";

/** A second person in their own browser context (separate cookies), e.g. staff beside a visitor. */
async function otherPerson(browser: Browser) {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test("a visitor's contact message reaches Contact Inquiries, and a reply moves it to In Progress", async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const email = `visitor-${stamp}@example.com`;
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact Us" })).toBeVisible();
  await expect(page.getByRole("link", { name: /^WhatsApp: / })).toHaveAttribute(
    "href",
    /^https:\/\/wa\.me\/\d+$/,
  );
  await expectAccessible(page);

  // Required fields are explained, and what was typed stays.
  await page.getByLabel("Full name *").fill("Nyasha Contact");
  await page.getByLabel("E-mail *").fill("not-an-email");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid e-mail address")).toBeVisible();
  await expect(page.getByLabel("Full name *")).toHaveValue("Nyasha Contact");

  await page.getByLabel("E-mail *").fill(email);
  await page.getByLabel("Phone (optional)").fill("+263 77 000 1111");
  await page.getByLabel("Subject *").fill(`Study in Poland ${stamp}`);
  await page.getByLabel("Message *").fill("Which documents do I need for a student visa?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("contact-success")).toContainText(email);
  await expectAccessible(page);

  const staff = await pageAs(browser, DEMO.admin);
  await staff.goto(`/admin/inquiries?q=${encodeURIComponent(email)}`);
  const row = staff.getByTestId("inquiry-row").filter({ hasText: email });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`Study in Poland ${stamp}`);
  await expect(row.getByRole("combobox")).toHaveValue("pending");
  await expectAccessible(staff);

  await row.getByRole("link", { name: "View inquiry from Nyasha Contact" }).click();
  const dialog = staff.getByRole("dialog");
  await expect(dialog).toContainText("Which documents do I need for a student visa?");
  const send = dialog.getByRole("button", { name: "Send Reply" });
  await expect(send).toBeDisabled();
  await dialog
    .getByLabel(`Reply to ${email}`)
    .fill("You need an acceptance letter and proof of funds.");
  await expect(send).toBeEnabled();
  await expectAccessible(staff);
  await send.click();
  await expect(dialog.getByTestId("flash")).toHaveText("Reply sent successfully");
  await expect(dialog.getByTestId("inquiry-replies")).toContainText("acceptance letter");
  await expect(dialog.getByLabel(`Reply to ${email}`)).toHaveValue("");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(row.getByRole("combobox")).toHaveValue("in_progress");
  await staff.context().close();
});

test("a group message reaches an applicant, who reads it and sees the unread count drop", async ({
  page,
  browser,
}) => {
  const applicant = await otherPerson(browser);
  await signUpNewApplicant(applicant, { fullName: "Inbox Reader" });

  const subject = `Interview tips ${Date.now().toString(36)}`;
  await login(page, DEMO.manager);
  await page.goto("/admin/messages");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Compose" }).click();
  const dialog = page.getByRole("dialog");
  const send = dialog.getByRole("button", { name: "Send Message" });
  await expect(send).toBeDisabled();
  await dialog.getByLabel("Group", { exact: true }).selectOption("job_seekers");
  await dialog.getByLabel("Subject").fill(subject);
  await expect(send).toBeDisabled();
  await dialog
    .getByLabel("Message")
    .fill("Be on time, dress smart, and bring copies of your documents.");
  await expectAccessible(page);
  await send.click();
  await expect(page.getByTestId("flash")).toContainText("Message sent successfully");
  await expect(page.getByTestId("sent-row").filter({ hasText: subject })).toContainText(
    "Job seekers",
  );

  await applicant.goto("/dashboard/messages");
  const unread = applicant.getByTestId("inbox-unread");
  await expect(unread).toHaveText(/^\d+ unread$/);
  const before = Number((await unread.textContent())!.split(" ")[0]);
  await expectAccessible(applicant);
  await applicant.getByRole("button", { name: `Open message: ${subject}` }).click();
  await expect(applicant.getByTestId("message-subject")).toHaveText(subject);
  await expect(applicant.getByTestId("message-content")).toContainText("Be on time");
  await expectAccessible(applicant);
  await applicant.getByRole("link", { name: "Back to all messages" }).click();
  if (before === 1) await expect(unread).toHaveCount(0);
  else await expect(unread).toHaveText(`${before - 1} unread`);
  await applicant.context().close();
});

test("a message to one person: staff find them, are told to pick them, and only they receive it", async ({
  page,
  browser,
}) => {
  const stamp = Date.now().toString(36);
  const applicant = await otherPerson(browser);
  const { fullName, email } = await signUpNewApplicant(applicant, {
    fullName: `Solo Reader ${stamp}`,
  });

  const subject = `Your visa appointment ${stamp}`;
  await login(page, DEMO.manager);
  await page.goto("/admin/messages");
  await page.getByRole("button", { name: "Compose" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("One person").check();
  await expect(dialog.getByLabel("Group", { exact: true })).toHaveCount(0);
  await dialog.getByLabel("Subject").fill(subject);
  await dialog.getByLabel("Message").fill("Bring your passport and two photos.");
  // Nobody chosen yet: the search says so, and nothing is sent.
  await dialog.getByRole("button", { name: "Send Message" }).click();
  const search = dialog.getByLabel("Find a person by name or e-mail");
  await expect(search).toHaveAccessibleDescription(
    "Type at least 2 letters. Please choose the person to send to.",
  );
  await expect(page.getByTestId("flash")).toHaveCount(0);

  await search.fill(`Solo Reader ${stamp}`);
  const person = dialog.getByRole("radio", { name: `${fullName} ${email}` });
  await expect(dialog.getByRole("group", { name: "Choose the recipient" })).toBeVisible();
  await person.check();
  await expect(dialog.getByText("Please choose the person to send to.")).toHaveCount(0);
  await expectAccessible(page);
  await dialog.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("flash")).toHaveText("Message sent successfully to 1 recipient.");
  await expect(page.getByTestId("sent-row").filter({ hasText: subject })).toContainText(email);

  // The dialog opens afresh on a group, as it first did.
  await page.getByRole("button", { name: "Compose" }).click();
  await expect(dialog.getByLabel("A group")).toBeChecked();
  await expect(dialog.getByLabel("Group", { exact: true })).toHaveValue("all_users");

  await applicant.goto("/dashboard/messages");
  await applicant.getByRole("button", { name: `Open message: ${subject}` }).click();
  await expect(applicant.getByTestId("message-content")).toContainText("Bring your passport");
  await applicant.context().close();
});

test("a business requests an outsourcing quote from the modal", async ({ page, browser }) => {
  const company = `Acme Freight ${Date.now().toString(36)}`;
  await page.goto("/outsourcing");
  await expectAccessible(page);
  await page.getByTestId("hero-quote").click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Get a Custom Quote" })).toBeVisible();
  const submit = dialog.getByRole("button", { name: "Submit Inquiry" });
  await expect(submit).toBeDisabled();
  // The very first thing done in the modal is a tick: it stays, and it is what is sent (it used
  // to be lost: the name field, focused on open, showed its error on blur and moved the box).
  const first = dialog.getByLabel("Virtual Assistants");
  await first.click();
  await expect(first).toBeChecked();
  await expect(submit).toBeEnabled();
  await dialog.getByLabel("Your name *").fill("Thandi Freight");
  await dialog.getByLabel("Company *").fill(company);
  await dialog.getByLabel("Work e-mail *").fill("thandi@acme.example");
  await dialog.getByLabel("Call Centre Solutions").check();
  await expect(first).toBeChecked();
  await expectAccessible(page);
  await submit.click();
  await expect(dialog.getByTestId("flash")).toHaveText(
    "Inquiry Submitted Successfully! We'll get back to you within 24 hours with a custom quote.",
  );

  const staff = await pageAs(browser, DEMO.admin);
  await staff.goto(`/admin/outsourcing?q=${encodeURIComponent(company)}`);
  const row = staff.getByTestId("outsourcing-row").filter({ hasText: company });
  await expect(row).toContainText("Virtual Assistants, Call Centre Solutions");
  await expect(row.getByRole("combobox")).toHaveValue("new");
  await expectAccessible(staff);
  // Keyboard-style change: nothing is saved until Save is pressed.
  await row.getByRole("combobox").selectOption("in_progress");
  await row.getByRole("button", { name: "Save" }).click();
  await expect(row.getByRole("status")).toHaveText("Status Updated");
  await expect(row.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(row).toContainText("In Progress");

  // Staff answer in the back-office: the reply is kept on the request and e-mailed.
  await row.getByRole("link", { name: `View and reply to the request from ${company}` }).click();
  const request = staff.getByRole("dialog");
  await expect(
    request.getByRole("heading", { name: `Quote request from ${company}` }),
  ).toBeVisible();
  await expect(request).toContainText("Virtual Assistants, Call Centre Solutions");
  const sendReply = request.getByRole("button", { name: "Send Reply" });
  await expect(sendReply).toBeDisabled();
  await request
    .getByLabel("Reply to thandi@acme.example")
    .fill("Thank you: a quote for two call centre agents is attached.");
  await expectAccessible(staff);
  await sendReply.click();
  await expect(request.getByTestId("flash")).toHaveText("Reply sent successfully");
  await expect(request.getByTestId("inquiry-replies")).toContainText("two call centre agents");
  await request.getByRole("button", { name: "Close" }).click();
  await expect(request).toHaveCount(0);

  await staff.goto("/admin/outsourcing?q=nothing-matches-this-xyz");
  await expect(staff.getByText("No inquiries found matching your criteria.")).toBeVisible();
  await staff.context().close();
});

test("the quote form explains a mistake in the browser, before anything is sent", async ({
  page,
}) => {
  await page.goto("/outsourcing");
  const quote = page.locator("form#quote-page");
  const posted = watchPosts(page);
  await quote.getByLabel("Virtual Assistants").check();
  await quote.getByLabel("Your name *").fill("Early Check");
  await quote.getByLabel("Company *").fill("Early Check Ltd");
  // Sent with Enter from the field itself, so the check on leaving a field plays no part.
  const email = quote.getByLabel("Work e-mail *");
  await email.fill("not-an-email");
  await email.press("Enter");
  await expect(quote.getByText("Please enter a valid e-mail address")).toBeVisible();
  expect(posted()).toBe(false);
  await email.fill("early@check.example");
  await email.press("Enter");
  await expect(quote.getByTestId("flash")).toBeVisible();
});

test("a message over the limit is counted and refused with a word, never cut", async ({ page }) => {
  await page.goto("/contact");
  const message = page.getByLabel("Message *");
  const counter = page.getByTestId("text-counter");
  await expect(counter).toHaveText("0 / 5000 characters");
  // Pasted past the limit: all of it stays, and the counter says how much to remove.
  await message.fill("a".repeat(5003));
  await expect(counter).toHaveText("3 characters too many (at most 5000)");
  await expect(message).toHaveValue("a".repeat(5003));
  await page.getByLabel("Full name *").fill("Long Message");
  await page.getByLabel("E-mail *").fill(`long-${Date.now().toString(36)}@example.com`);
  await page.getByLabel("Subject *").fill("A long one");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please keep your message under 5,000 characters.")).toBeVisible();
  await expect(message).toHaveValue("a".repeat(5003));
  await expect(page.getByTestId("contact-success")).toHaveCount(0);
  await expectAccessible(page);
});

test("both inboxes fit a 360 px phone, even with long unbroken words", async ({
  page,
  browser,
}) => {
  const word = `Unbroken${"x".repeat(50)}${Date.now().toString(36)}`;
  const email = `${"y".repeat(40)}.${Date.now().toString(36)}@long-domain-name.example`;
  await page.goto("/contact");
  await page.getByLabel("Full name *").fill("Long Words");
  await page.getByLabel("E-mail *").fill(email);
  await page.getByLabel("Subject *").fill(word);
  await page.getByLabel("Message *").fill(`${word} ${word}`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("contact-success")).toBeVisible();
  await page.goto("/outsourcing");
  const quote = page.locator("form#quote-page");
  await quote.getByLabel("Your name *").fill("Long Words");
  await quote.getByLabel("Company *").fill(word);
  await quote.getByLabel("Work e-mail *").fill(email);
  await quote.getByLabel("Virtual Assistants").check();
  await quote.getByLabel("Tell us more (optional)").fill(`${word} ${word}`);
  await quote.getByRole("button", { name: "Submit Inquiry" }).click();
  await expect(quote.getByTestId("flash")).toBeVisible();

  const staff = await pageAs(browser, DEMO.manager, { viewport: { width: 360, height: 740 } });
  for (const path of ["/admin/inquiries", "/admin/outsourcing"]) {
    await staff.goto(`${path}?q=${word}`);
    await expect(staff.getByText(word).first()).toBeVisible();
    const width = await staff.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(360);
  }
  await staff.context().close();
});

test.describe("before JavaScript loads", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form explains mistakes, keeps what was typed, and sends", async ({ page }) => {
    await page.goto("/contact");
    await page.getByLabel("Full name *").fill("No Script");
    await page.getByLabel("E-mail *").fill("noscript@example.com");
    await page.getByLabel("Message *").fill("Sent from a basic phone browser.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByText("Please add a subject.")).toBeVisible();
    await expect(page.getByLabel("Message *")).toHaveValue("Sent from a basic phone browser.");
    await page.getByLabel("Subject *").fill("No JavaScript");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("contact-success")).toContainText("noscript@example.com");
  });

  test("staff change an inquiry's status with Save and read the outcome", async ({ page }) => {
    const email = `noscript-${Date.now().toString(36)}@example.com`;
    await page.goto("/contact");
    await page.getByLabel("Full name *").fill("Plain Status");
    await page.getByLabel("E-mail *").fill(email);
    await page.getByLabel("Subject *").fill("Status without JavaScript");
    await page.getByLabel("Message *").fill("Please call me back.");
    await page.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByTestId("contact-success")).toBeVisible();

    await login(page, DEMO.manager);
    await page.goto(`/admin/inquiries?q=${encodeURIComponent(email)}`);
    const row = page.getByTestId("inquiry-row").filter({ hasText: email });
    await row.getByRole("combobox").selectOption("resolved");
    await row.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("flash")).toHaveText("Inquiry status updated successfully");
    await expect(row.getByRole("combobox")).toHaveValue("resolved");
  });

  test("the quote form explains mistakes, keeps what was typed, and sends", async ({ page }) => {
    await page.goto("/outsourcing");
    const quote = page.locator("form#quote-page");
    await quote.getByLabel("Your name *").fill("No Script");
    await quote.getByLabel("Company *").fill("Plain Phones Ltd");
    await quote.getByLabel("Work e-mail *").fill("noscript@plain.example");
    await quote.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(quote.getByText("Please choose at least one service.")).toBeVisible();
    await expect(quote.getByLabel("Company *")).toHaveValue("Plain Phones Ltd");
    await quote.getByLabel("Call Centre Solutions").check();
    await quote.getByRole("button", { name: "Submit Inquiry" }).click();
    await expect(quote.getByTestId("flash")).toBeVisible();
  });
});
