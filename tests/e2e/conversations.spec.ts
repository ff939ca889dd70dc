import type { Page } from "@playwright/test";
import { DEMO, expect as baseExpect, expectAccessible, test } from "./fixtures";
import { newApplicantAccount, pageAs } from "./steps";

// Conversations both ways: an applicant on a phone without JavaScript writes to the agency and
// replies to staff's answer; staff (the demo admin, Lerato Dlamini) see the conversation waiting
// on Messages and answer in it on the applicant's page.
test.describe.configure({ timeout: 120_000 });
const expect = baseExpect.configure({ timeout: 20_000 });

const pdf = (name: string) => ({
  name,
  mimeType: "application/pdf",
  buffer: Buffer.from("%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n%%EOF\n"),
});

async function expectNoWiderThanPhone(page: Page) {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${page.url()} is wider than the phone`).toBeLessThanOrEqual(360);
}

test("an applicant replies to a message and staff answer in the thread", async ({ browser }) => {
  const account = await newApplicantAccount(browser);
  const viewport = { width: 360, height: 780 };
  // The first message is written before any JavaScript runs; the rest on the same phone with it.
  const noScript = await pageAs(browser, account, { javaScriptEnabled: false, viewport });
  const phone = await pageAs(browser, account, { viewport });
  const staff = await pageAs(browser, DEMO.admin);
  const subject = `Passport question ${Date.now()}`;

  // The applicant starts a conversation; a message without text is refused, the subject kept.
  await noScript.goto("/dashboard/messages");
  await noScript.getByText("Write to us").click();
  await noScript.getByLabel("Subject").fill(subject);
  await noScript.getByRole("button", { name: "Send message" }).click();
  await expect(noScript.getByText("Please write the message.")).toBeVisible();
  await expect(noScript.getByLabel("Subject")).toHaveValue(subject);
  await noScript.getByLabel("Your message").fill("My passport expires in May. Renew it first?");
  // A new file goes with it, stored among their documents through the document rules.
  await noScript.getByLabel("File", { exact: true }).setInputFiles(pdf("passport.pdf"));
  await noScript.getByLabel("What is this document?").selectOption({ label: "Passport" });
  await noScript.getByRole("button", { name: "Send message" }).click();
  await expect(noScript.getByTestId("flash")).toContainText("Message sent");
  await phone.goto("/dashboard/messages");
  await expect(phone.getByTestId("conversation-message")).toContainText("Waiting for our answer");
  await expect(
    phone.getByTestId("conversation-message").getByRole("link", { name: "passport.pdf" }),
  ).toBeVisible();
  await phone.getByText("Write to us").click();
  await expectAccessible(phone);
  await expectNoWiderThanPhone(phone);

  // Staff see it waiting on the start page's queue and on Messages, whose filter shows only the
  // conversations waiting (as many as it says), and open the applicant's conversation from there.
  await staff.goto("/admin");
  await expect(
    staff.getByTestId("queue-replies").getByRole("link", { name: new RegExp(account.fullName) }),
  ).toHaveAttribute("href", /#applicant-messages$/);
  await staff.goto("/admin/messages");
  await staff.getByLabel("Show", { exact: true }).selectOption({ label: "Waiting for a reply" });
  await staff.getByTestId("threads-filter").getByRole("button", { name: "Show" }).click();
  await expect(staff).toHaveURL(/threads=waiting/);
  const thread = staff.getByTestId("thread").filter({ hasText: account.fullName });
  await expect(thread.getByTestId("thread-unread")).toHaveText("1 unread");
  const waiting = await staff.getByTestId("threads-waiting").textContent();
  await expect(staff.getByTestId("thread-unread")).toHaveCount(
    Math.min(20, Number(waiting?.match(/\d+/)?.[0])),
  );
  await expectAccessible(staff);
  await thread.getByRole("link", { name: account.fullName }).click();
  await expect(staff.getByTestId("thread-waiting")).toHaveText("1 message waiting for a reply");
  await expect(
    staff.getByTestId("applicant-message").getByRole("link", { name: "passport.pdf" }),
  ).toHaveAttribute("href", /^\/files\/documents\//);
  await staff.getByLabel("Your answer").fill("Yes, please renew it first.");
  await staff.getByRole("button", { name: "Send answer" }).click();
  await expect(staff.getByTestId("flash")).toContainText("Answer sent");
  await expect(staff.getByTestId("thread-waiting")).toHaveCount(0);
  await expect(staff.getByLabel("Your answer")).toHaveValue("");
  await expect(staff.getByTestId("applicant-message").last()).toContainText("From Lerato Dlamini");
  await expectAccessible(staff);

  // The applicant opens the answer and replies to it.
  await phone.goto("/dashboard/messages");
  await phone.getByRole("button", { name: `Open message: Re: ${subject}` }).click();
  await expect(phone.getByTestId("message-content")).toHaveText("Yes, please renew it first.");
  await phone.getByLabel("Your reply").fill("Thank you, I will renew it.");
  // With JavaScript the file goes in the form's fetch: a CV this time.
  await phone.getByLabel("File", { exact: true }).setInputFiles(pdf("cv.pdf"));
  await phone.getByLabel("What is this document?").selectOption({ label: "CV/Resume" });
  await phone.getByRole("button", { name: "Send reply" }).click();
  await expect(phone.getByTestId("flash")).toContainText("Message sent");
  await expect(phone.getByTestId("conversation-message").last()).toContainText(
    "Thank you, I will renew it.",
  );
  await expect(phone.getByLabel("Your reply")).toHaveValue("");
  await expectAccessible(phone);
  await expectNoWiderThanPhone(phone);

  // Staff see the reply waiting in the thread, answer it, and the applicant reads the answer.
  await staff.goto("/admin/messages");
  await expect(thread.getByTestId("thread-unread")).toHaveText("1 unread");
  await thread.getByRole("link", { name: account.fullName }).click();
  await expect(staff.getByTestId("applicant-message").last()).toContainText(
    "Thank you, I will renew it.",
  );
  await expect(
    staff.getByTestId("applicant-message").last().getByRole("link", { name: "cv.pdf" }),
  ).toBeVisible();
  await staff.getByLabel("Your answer").fill("Good. Bring the new one to the office.");
  await staff.getByRole("button", { name: "Send answer" }).click();
  await expect(staff.getByTestId("flash")).toContainText("Answer sent");

  await phone.goto("/dashboard/messages");
  await phone
    .getByRole("button", { name: `Open message: Re: ${subject}` })
    .first()
    .click();
  await expect(phone.getByTestId("message-content")).toHaveText(
    "Good. Bring the new one to the office.",
  );
  await expect(phone.getByTestId("conversation")).toContainText("Lerato Dlamini wrote");
});
