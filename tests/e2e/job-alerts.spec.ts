import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { DEMO, expect, expectAccessible, signUpNewApplicant, test } from "./fixtures";
import { pageAs } from "./steps";

test("an applicant saves an alert from a /jobs search and manages it on the dashboard", async ({
  page,
}) => {
  await signUpNewApplicant(page);
  await page.goto("/jobs?q=nurse&country=CA&sector=healthcare");
  await page.getByText("Get an e-mail when new jobs match this search").click();
  // Named from the search, in words.
  await expect(page.getByLabel("Alert name")).toHaveValue(
    "Healthcare jobs in Canada matching “nurse”",
  );
  await page.getByLabel("Alert name").fill("Nursing jobs");
  await page.getByLabel("How often").selectOption({ label: "Once a week" });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create alert" }).click();

  await expect(page).toHaveURL(/\/dashboard\/alerts\?done=created$/);
  await expect(page.getByText("Your alert is saved")).toBeVisible();
  const alert = page.getByRole("listitem", { name: "Nursing jobs" });
  // What it looks for, in words, not "CA · Healthcare".
  await expect(alert).toContainText("Healthcare jobs in Canada matching “nurse”");
  await expect(alert.getByLabel("How often")).toHaveValue("weekly");
  await expectAccessible(page);

  await alert.getByRole("button", { name: /^Pause/ }).click();
  await expect(page.getByText("The alert is paused.")).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Nursing jobs" })).toContainText("Paused");
  await page
    .getByRole("listitem", { name: "Nursing jobs" })
    .getByRole("button", { name: /^Delete/ })
    .click();
  await expect(page.getByText("You have no job alerts yet")).toBeVisible();
  await expectAccessible(page);
});

test("the unsubscribe page asks first and refuses a link that is not ours, with and without JavaScript", async ({
  page,
  browser,
}) => {
  const path = "/alerts/unsubscribe?token=00000000-0000-4000-8000-000000000000.forged";
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Stop this job alert" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Stop the alert" }).click();
  await expect(page.getByText("This link is not valid.")).toBeVisible();
  await expectAccessible(page);

  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(path);
  await plain.getByRole("button", { name: "Stop the alert" }).click();
  await expect(plain.getByText("This link is not valid.")).toBeVisible();
  await context.close();
});

/**
 * The e-mail the e2e server wrote (file transport: DATA_DIR/outbox/*.eml) to this unique address,
 * decoded from quoted-printable; the server's data folder is a fresh passage-e2e-* temp folder.
 */
function mailTo(address: string, subjectWord: string): string | null {
  for (const dir of fs.readdirSync(os.tmpdir()).filter((d) => d.startsWith("passage-e2e-"))) {
    const outbox = path.join(os.tmpdir(), dir, "outbox");
    if (!fs.existsSync(outbox)) continue;
    for (const file of fs.readdirSync(outbox)) {
      const raw = fs.readFileSync(path.join(outbox, file), "utf8");
      if (!raw.includes(address)) continue;
      const text = raw
        .replace(/=\r?\n/g, "")
        .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
      if (text.includes(subjectWord)) return text;
    }
  }
  return null;
}

test("staff publish a job matching an applicant's alert: the e-mail links to it and unsubscribes", async ({
  page,
  browser,
}) => {
  const { email } = await signUpNewApplicant(page);
  const tag = `oven${Date.now().toString(36)}`;
  await page.goto(`/jobs?q=${tag}`);
  await page.getByText("Get an e-mail when new jobs match this search").click();
  await page.getByLabel("How often").selectOption({ label: "As soon as a job is posted" });
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByText("Your alert is saved")).toBeVisible();

  const manager = await pageAs(browser, DEMO.manager);
  const created = await manager.request.post("/admin/jobs?new=1", {
    form: {
      intent: "create",
      title: `Baker ${tag}`,
      description: "Bread from 4 a.m.",
      isActive: "on",
      isPublic: "on",
    },
    maxRedirects: 0,
  });
  expect(created.status()).toBe(302);
  await manager.context().close();

  // Staff's new job wakes the alert round, which queues the e-mail; the sender writes it.
  await expect.poll(() => mailTo(email, tag) !== null, { timeout: 30_000 }).toBe(true);
  const mail = mailTo(email, tag)!;
  expect(mail).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
  const jobUrl = mail.match(/http:\/\/localhost:\d+\/jobs\/[0-9a-f-]{36}/)![0];
  await page.goto(new URL(jobUrl).pathname);
  await expect(page.getByRole("heading", { level: 1, name: `Baker ${tag}` })).toBeVisible();

  const stop = mail.match(/http:\/\/localhost:\d+\/alerts\/unsubscribe\?token=[\w.%-]+/)![0];
  await page.goto(new URL(stop).pathname + new URL(stop).search);
  await page.getByRole("button", { name: "Stop the alert" }).click();
  await expect(page.getByText("Done: this alert is stopped")).toBeVisible();
  await page.goto("/dashboard/alerts");
  await expect(page.getByText("You have no job alerts yet")).toBeVisible();
});

test("a visitor asks for an alert with an e-mail address and confirms it from the e-mail's link", async ({
  page,
  browser,
}) => {
  const email = `visitor-${Date.now().toString(36)}@example.com`;
  const tag = `chef${Date.now().toString(36)}`;
  await page.goto(`/jobs?q=${tag}`);
  await page.getByText("Get an e-mail when new jobs match this search").click();
  await page.getByLabel("Your e-mail address").fill(email);
  await expect(page.getByLabel("Alert name")).toHaveValue(`All jobs matching “${tag}”`);
  await page.getByLabel("How often").selectOption({ label: "Once a week" });
  await expectAccessible(page);
  await page.getByRole("button", { name: "Create alert" }).click();
  await expect(page.getByText(`Almost done: we sent a link to ${email}.`)).toBeVisible();
  await expectAccessible(page);

  // The confirmation e-mail is in the outbox; its link opens a page that confirms with one button,
  // signed out and without JavaScript.
  await expect.poll(() => mailTo(email, "alerts/confirm") !== null, { timeout: 30_000 }).toBe(true);
  const link = mailTo(email, "alerts/confirm")!.match(
    /http:\/\/localhost:\d+\/alerts\/confirm\?token=[\w.%-]+/,
  )![0];
  const context = await browser.newContext({ javaScriptEnabled: false });
  const plain = await context.newPage();
  await plain.goto(new URL(link).pathname + new URL(link).search);
  await expect(plain.getByRole("heading", { name: "Confirm your job alert" })).toBeVisible();
  await plain.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(plain.getByText("Done: your alert is on.")).toBeVisible();
  await context.close();

  // A link that is not ours is refused, with JavaScript too.
  await page.goto("/alerts/confirm?token=00000000-0000-4000-8000-000000000000.forged");
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm my alert" }).click();
  await expect(page.getByText("This link is not valid.")).toBeVisible();
  await expectAccessible(page);
});
