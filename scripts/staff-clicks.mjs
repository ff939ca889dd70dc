// How many clicks the most frequent staff tasks take, counted by doing them in a real browser on the
// lived-in demo (issue: "the five most frequent staff tasks take fewer clicks than today"). Each
// task starts on the back-office's start page; typing in a field counts as a field, not a click.
//
//   DATA_DIR=/tmp/clicks DEMO_PASSWORD=some-password PORT=3500 npm start   (a fresh data folder)
//   BASE_URL=http://localhost:3500 DEMO_PASSWORD=some-password node scripts/staff-clicks.mjs
//
// It changes the demo's data (verifies a document, answers a message, moves an application,
// publishes interview times, marks someone paid): run it on a scratch folder, once.
import { chromium } from "@playwright/test";
import { CHROMIUM_FLAGS, TEST_CHROMIUM_PATH } from "./chromium.mjs";

const baseURL = process.env.BASE_URL ?? "http://localhost:3000";
const password = process.env.DEMO_PASSWORD;
if (!password) throw new Error("Set DEMO_PASSWORD to the demo accounts' password.");

const browser = await chromium.launch({ executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_FLAGS });
const page = await (
  await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })
).newPage();
let clicks = 0;
let fields = 0;
const click = async (locator) => {
  clicks++;
  await locator.click();
};
const fill = async (locator, value) => {
  fields++;
  await locator.fill(value);
};
const hydrated = () =>
  page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
const flash = () => page.getByTestId("flash").waitFor();

async function signIn(email) {
  await page.context().clearCookies();
  const response = await page.request.post("/auth", {
    form: { intent: "signin", email, password },
    maxRedirects: 0,
  });
  if (response.status() !== 302) throw new Error(`could not sign in as ${email}`);
}

const results = [];
async function task(name, steps) {
  clicks = 0;
  fields = 0;
  await page.goto("/admin");
  await hydrated();
  await steps();
  results.push({ task: name, clicks, fields });
}

await signIn("manager@passage.test");
await task("Verify a document waiting for review", async () => {
  await click(
    page.getByTestId("queue-documents").getByRole("listitem").first().getByRole("link").first(),
  );
  await page.waitForURL(/\/admin\/applicants\//);
  await hydrated();
  await click(page.getByRole("button", { name: "Verify" }).first());
  await flash();
});
await task("Answer a message waiting for a reply", async () => {
  await click(
    page.getByTestId("queue-replies").getByRole("listitem").first().getByRole("link").first(),
  );
  await page.waitForURL(/\/admin\/applicants\//);
  await hydrated();
  await fill(page.getByLabel("Your answer"), "Thank you, we have it.");
  await click(page.getByRole("button", { name: "Send answer" }));
  await flash();
});
await task("Move an application to its next stage", async () => {
  await click(page.getByRole("navigation").getByRole("link", { name: "Pipeline" }).first());
  await page.waitForURL(/pipeline/);
  await hydrated();
  await click(
    page
      .getByTestId("pipeline-card")
      .first()
      .getByRole("button", { name: /^Move .* to / })
      .last(),
  );
  await flash();
});
await task("Find an applicant by name and open their page", async () => {
  await page.keyboard.press("/");
  await page.keyboard.type("Chipo");
  fields++;
  await page.keyboard.press("Enter");
  await page.waitForURL(/q=/);
  await hydrated();
  await click(
    page
      .getByTestId("applicant-link")
      .first()
      .or(page.getByRole("link", { name: /Chipo/ }).first())
      .first(),
  );
  await page.waitForURL(/\/admin\/applicants\//);
});
await task("Publish a morning of interview times", async () => {
  await click(page.getByRole("navigation").getByRole("link", { name: "Interviews" }).first());
  await page.waitForURL(/interviews/);
  await hydrated();
  const form = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Publish time" }) });
  fields++;
  await form.getByLabel("Job or program").selectOption({ index: 1 });
  await fill(form.getByLabel("Until (optional)"), "12:00");
  await fill(form.getByLabel("Place or video link"), "Harare office");
  await click(form.getByRole("button", { name: "Publish time" }));
  await flash();
});
await signIn("admin@passage.test");
await task("Mark an applicant paid at the office (admin)", async () => {
  await click(page.getByRole("navigation").getByRole("link", { name: "Users" }).first());
  await page.waitForURL(/users/);
  await hydrated();
  await fill(page.getByLabel("Payment reference").first(), "CASH-1");
  await click(page.getByRole("button", { name: /^Mark .* as paid$/ }).first());
  await flash();
});
await browser.close();
console.table(results);
