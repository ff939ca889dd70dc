import { readLegalPage } from "~/server/content/pages.server";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { action as cmsAction, loader as cmsLoader } from "~/app/routes/admin/cms";
import { action as settingsAction, loader as settingsLoader } from "~/app/routes/admin/settings";
import { loader as paymentLoader } from "~/app/routes/dashboard/payment";
import { loader as newsListLoader } from "~/app/routes/public/news-list";
import { loader as newsPostLoader } from "~/app/routes/public/news-post";
import { loader as serviceLoader } from "~/app/routes/public/service";
import { loader as rssLoader } from "~/app/routes/resources/rss";
import { loader as sitemapLoader } from "~/app/routes/resources/sitemap";
import { loader as rootLoader } from "~/app/root";
import { DEFAULT_SITE_SETTINGS, settingsToFormValues } from "~/domain/settings";
import { renderMarkdown } from "~/server/content/markdown.server";
import { registerMediaEndpoints } from "~/server/content/media.server";
import { LocalStorageDriver } from "~/server/storage/local.server";
import { setStorage } from "~/server/storage/storage.server";
import { listSuccessStoriesForHome } from "~/server/content/posts.server";
import { db } from "~/server/db/client.server";
import { auditLog, blogPosts, countries, jobs } from "~/server/db/schema";
import { seedTestimonials } from "~/server/db/seed-data";
import { PaynowPaymentProvider } from "~/server/payments/paynow.server";
import { setPaymentProvider, setPaymentProviders } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

/** The settings form as a browser would post it, from the current values plus changes. */
function settingsForm(changes: Record<string, string | string[]> = {}) {
  return { ...formFields(settingsToFormValues(DEFAULT_SITE_SETTINGS)), ...changes };
}

/**
 * A form's fields named as Conform names them: `group.field`, a row's `rows[0].field`; a list of
 * values (ticked boxes) under one name, and a box left unticked not at all.
 */
function formFields(values: object, prefix = ""): Record<string, string | string[]> {
  const form: Record<string, string | string[]> = {};
  for (const [key, value] of Object.entries(values) as [string, unknown][]) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (value === undefined) continue;
    if (typeof value === "string") form[name] = value;
    else if (Array.isArray(value) && value.every((v) => typeof v === "string")) form[name] = value;
    else if (Array.isArray(value))
      value.forEach((row: object, i) => Object.assign(form, formFields(row, `${name}[${i}]`)));
    else Object.assign(form, formFields(value as object, name));
  }
  return form;
}

function postForm(fields: Record<string, string>) {
  return { intent: "save", category: "news", status: "draft", content: "", ...fields };
}

describe("site settings", () => {
  it("only admins may open or change the settings", async () => {
    const manager = await createTestUser({ role: "manager" });
    const seeker = await createTestUser({ role: "job_seeker" });
    for (const user of [manager, seeker]) {
      const res = await runAs(user, settingsLoader, "/admin/settings");
      expect(res.status).toBe(302);
      const post = await runAs(user, settingsAction, "/admin/settings", {
        form: settingsForm({ agencyName: "Hacked" }),
      });
      expect(post.status).toBe(302);
    }
    expect((await getSiteSettings()).agencyName).toBe(DEFAULT_SITE_SETTINGS.agencyName);
  });

  it("changing the fee changes the payment page and the lock overlay's data, audited", async () => {
    const admin = await createTestUser({ role: "admin" });
    const applicant = await createTestUser({ role: "job_seeker" });

    const saved = await runAs(admin, settingsAction, "/admin/settings", {
      form: settingsForm({
        "registrationFee.amount": "115.50",
        "registrationFee.currency": "zar",
        "businessHours.close": "18:00",
      }),
    });
    // Back to the form with its confirmation, so a reload does not post the form again.
    expect(saved).toMatchObject({ status: 302, location: "/admin/settings?done=saved" });

    // The payment page reads the setting on every request: no restart needed.
    setPaymentProvider(new SimulatedPaymentProvider(0));
    const payment = await runAs(applicant, paymentLoader, "/dashboard/payment");
    expect(payment.status).toBe(200);
    expect((payment.data as { fee: unknown }).fee).toMatchObject({
      amountMinor: 11550,
      currency: "ZAR",
    });
    // Job cards' lock overlay, the header, footer and help dialog read the root loader's settings.
    const root = await runAs(null, rootLoader, "/jobs");
    const settings = (root.data as { settings: typeof DEFAULT_SITE_SETTINGS }).settings;
    expect(settings.registrationFee).toMatchObject({ amountMinor: 11550, currency: "ZAR" });
    expect(settings.businessHours.close).toBe("18:00");

    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "settings.update"), eq(auditLog.actorId, admin.id)));
    expect(entry?.details).toMatchObject({
      changed: expect.arrayContaining(["registrationFee", "businessHours"]),
    });
  });

  it("chooses the providers the payment page offers, and the fee per currency", async () => {
    const admin = await createTestUser({ role: "admin" });
    const harare = await createTestUser({ country: "Zimbabwe" });
    // Someone in South Africa registered with the Harare office (Midrand charges no fee).
    const joburg = await createTestUser({ country: "South Africa", office: "Harare" });
    setPaymentProviders([
      new SimulatedPaymentProvider(0),
      new PaynowPaymentProvider({
        integrationId: "1",
        integrationKey: "key",
        baseUrl: "http://127.0.0.1:9",
        currency: "USD",
        resultUrl: "http://localhost:3000/webhooks/paynow",
      }),
    ]);
    const save = async (changes: Record<string, string | string[]>) =>
      runAs(admin, settingsAction, "/admin/settings", { form: settingsForm(changes) });
    const offer = async (user: Awaited<ReturnType<typeof createTestUser>>) => {
      const page = await runAs(user, paymentLoader, "/dashboard/payment");
      const data = page.data as {
        methods: { method: string; fee: { amountMinor: number; currency: string } }[];
      };
      return data.methods.map((m) => `${m.method} ${m.fee.amountMinor} ${m.fee.currency}`);
    };

    expect(
      await save({
        "payments.offered": ["simulated", "paynow"],
        "payments.otherFees[0].currency": "zar",
        "payments.otherFees[0].amount": "1799.00",
      }),
    ).toMatchObject({ status: 302 });
    expect((await getSiteSettings()).payments).toEqual({
      offered: ["simulated", "paynow"],
      otherFees: [{ currency: "ZAR", amountMinor: 179900 }],
      refundRemovesAccess: true,
    });
    // Mobile money first in Zimbabwe (Paynow takes USD); a card in rand first in South Africa.
    expect(await offer(harare)).toEqual([
      "ecocash 9900 USD",
      "onemoney 9900 USD",
      "paynow 9900 USD",
      "card 9900 USD",
    ]);
    expect(await offer(joburg)).toEqual([
      "card 179900 ZAR",
      "ecocash 9900 USD",
      "onemoney 9900 USD",
      "paynow 9900 USD",
    ]);

    // Paynow only: no card, for anyone.
    await save({ "payments.offered": ["paynow"] });
    expect(await offer(joburg)).toEqual([
      "ecocash 9900 USD",
      "onemoney 9900 USD",
      "paynow 9900 USD",
    ]);

    // At least one provider, and one amount per currency.
    const refused = await save({
      "payments.offered": [],
      "payments.otherFees[0].currency": "USD",
      "payments.otherFees[0].amount": "5",
    });
    expect(refused.status).toBe(400);
    const errors = (refused.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors["payments.offered"]).toEqual(["errors.providersRequired"]);
    expect(errors["payments.otherFees[0].currency"]).toEqual(["errors.currencyRepeated"]);
    setPaymentProvider(new SimulatedPaymentProvider(0));
  });

  it("refuses bad input with messages and changes nothing", async () => {
    const admin = await createTestUser({ role: "super_admin" });
    const before = await getSiteSettings();
    const res = await runAs(admin, settingsAction, "/admin/settings", {
      form: settingsForm({
        "registrationFee.amount": "-3",
        contactEmail: "not-an-email",
        "businessHours.open": "17:00",
        "businessHours.close": "08:00",
        "offices[1].address": "",
        "privacy.retentionMonths": "3",
      }),
    });
    expect(res.status).toBe(400);
    expect(res.data).toMatchObject({ flash: { ok: false, message: "messages.invalid" } });
    const errors = (res.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(errors["registrationFee.amount"]).toEqual(["errors.amountInvalid"]);
    expect(errors.contactEmail).toEqual(["errors.emailInvalid"]);
    expect(errors["businessHours.close"]).toEqual(["errors.closeBeforeOpen"]);
    expect(errors["offices[1].address"]).toEqual(["errors.office.address"]);
    expect(errors["privacy.retentionMonths"]).toEqual(["errors.retentionInvalid"]);
    expect(await getSiteSettings()).toEqual(before);
  });

  it("the retention period and the Information Officer are settings the privacy policy states", async () => {
    const admin = await createTestUser({ role: "super_admin" });
    const saved = await runAs(admin, settingsAction, "/admin/settings", {
      form: settingsForm({
        "privacy.retentionMonths": "36",
        "privacy.informationOfficer": "Tariro Dube, privacy@passage.example",
      }),
    });
    expect(saved.status).toBe(302);
    expect((await getSiteSettings()).privacy).toMatchObject({
      retentionMonths: 36,
      informationOfficer: "Tariro Dube, privacy@passage.example",
    });
    const policy = await readLegalPage("privacy-policy", "en");
    expect(policy.html).toContain("then 36 months after your last sign-in or activity");
    expect(policy.html).toContain("You can reach them at Tariro Dube, privacy@passage.example.");
    // Put back for the other tests of this file.
    await runAs(admin, settingsAction, "/admin/settings", { form: settingsForm() });
  });
});

describe("news posts", () => {
  it("renders Markdown without scripts, event handlers or javascript: links", async () => {
    const manager = await createTestUser({ role: "manager" });
    const content = [
      "## Hello",
      "",
      "<script>alert('x')</script>",
      "",
      "[click me](javascript:alert(1)) and [ok](https://example.org)",
      "",
      '<img src="x" onerror="alert(2)"> <a href="JaVaScRiPt:alert(3)" onclick="alert(4)">raw</a>',
      "",
      '<iframe src="https://evil.example"></iframe>',
    ].join("\n");
    const created = await runAs(manager, cmsAction, "/admin/cms", {
      form: postForm({ title: "Safe post", status: "published", content }),
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe("/admin/cms?done=created");

    const page = await runAs(null, newsPostLoader, "/news/safe-post", {
      params: {
        slug: "safe-post",
      },
    });
    expect(page.status).toBe(200);
    const html = (page.data as { html: string }).html;
    expect(html).toContain("<h2>Hello</h2>");
    expect(html).toContain('href="https://example.org"');
    expect(html.toLowerCase()).not.toContain("<script");
    expect(html.toLowerCase()).not.toContain("javascript:");
    expect(html.toLowerCase()).not.toContain("onerror");
    expect(html.toLowerCase()).not.toContain("onclick");
    expect(html.toLowerCase()).not.toContain("<iframe");
    expect(renderMarkdown("# Title").trim()).toBe("<h2>Title</h2>");
  });

  it("a draft is 404 to the public and to applicants, and visible to staff", async () => {
    const admin = await createTestUser({ role: "admin" });
    const applicant = await createTestUser({ role: "job_seeker", paid: true });
    await runAs(admin, cmsAction, "/admin/cms", { form: postForm({ title: "Secret plans" }) });
    const visitor = await runAs(null, newsPostLoader, "/news/secret-plans", {
      params: {
        slug: "secret-plans",
      },
    });
    expect(visitor.status).toBe(404);
    const paid = await runAs(applicant, newsPostLoader, "/news/secret-plans", {
      params: {
        slug: "secret-plans",
      },
    });
    expect(paid.status).toBe(404);
    const staff = await runAs(admin, newsPostLoader, "/news/secret-plans", {
      params: {
        slug: "secret-plans",
      },
    });
    expect(staff.status).toBe(200);
    expect((staff.data as { post: { status: string } }).post.status).toBe("draft");

    const list = await runAs(null, newsListLoader, "/news");
    const titles = (list.data as { items: { title: string }[] }).items.map((p) => p.title);
    expect(titles).not.toContain("Secret plans");
  });

  it("makes unique slugs by the spec's rule, drops blank tags, and audits every change", async () => {
    const manager = await createTestUser({ role: "manager" });
    const save = async (fields: Record<string, string>) =>
      runAs(manager, cmsAction, "/admin/cms", { form: postForm(fields) });
    await save({ title: "Visa  News: 2027!", tags: "visa, , Canada ,," });
    await save({ title: "Visa News -- 2027" });
    // An address typed by the editor is never changed behind their back: refused with a word.
    const typed = await save({ title: "Anything", slug: "Visa News 2027" });
    expect(typed.status).toBe(409);
    expect(JSON.stringify(typed.data)).toContain("errors.slugTaken");
    await save({ title: "Anything", slug: "Visa News 2027 Update" });
    const rows = await ctx.db
      .select({ id: blogPosts.id, slug: blogPosts.slug, tags: blogPosts.tags })
      .from(blogPosts)
      .where(eq(blogPosts.authorId, manager.id));
    expect(rows.map((r) => r.slug).sort()).toEqual([
      "visa-news-2027",
      "visa-news-2027-2",
      "visa-news-2027-update",
    ]);
    expect(rows.find((r) => r.slug === "visa-news-2027")?.tags).toEqual(["visa", "Canada"]);

    const id = rows[0]!.id;
    const status = await runAs(manager, cmsAction, "/admin/cms?page=1", {
      form: { intent: "status", id, status: "published" },
    });
    expect(status.location).toBe("/admin/cms?page=1&done=status");
    const [published] = await ctx.db.select().from(blogPosts).where(eq(blogPosts.id, id));
    expect(published?.publishedAt).toBeInstanceOf(Date);

    const deleted = await runAs(manager, cmsAction, "/admin/cms", {
      form: { intent: "delete", id },
    });
    expect(deleted.location).toBe("/admin/cms?done=deleted");
    const actions = (
      await ctx.db
        .select({ action: auditLog.action })
        .from(auditLog)
        .where(eq(auditLog.actorId, manager.id))
    ).map((a) => a.action);
    expect(actions.filter((a) => a === "post.create")).toHaveLength(3);
    expect(actions).toContain("post.status_change");
    expect(actions).toContain("post.delete");
  });

  it("a post marked French comes first on /fr/news and keeps its language on its page", async () => {
    const manager = await createTestUser({ role: "manager" });
    const save = async (fields: Record<string, string>) =>
      runAs(manager, cmsAction, "/admin/cms", {
        form: postForm({ status: "published", ...fields }),
      });
    await save({ title: "Nouvelles du Canada", language: "fr", content: "Bonjour" });
    await save({ title: "News from Canada" });
    const [french] = await ctx.db
      .select({ slug: blogPosts.slug, language: blogPosts.language })
      .from(blogPosts)
      .where(eq(blogPosts.title, "Nouvelles du Canada"));
    expect(french?.language).toBe("fr");

    type List = { items: { title: string; language: string }[] };
    const titles = async (path: string) =>
      ((await runAs(null, newsListLoader, path)).data as List).items.map((i) => i.title);
    const english = await titles("/news");
    expect(english.indexOf("News from Canada")).toBeLessThan(
      english.indexOf("Nouvelles du Canada"),
    );
    expect((await titles("/fr/news"))[0]).toBe("Nouvelles du Canada");

    const page = await runAs(null, newsPostLoader, `/news/${french!.slug}`, {
      params: {
        slug: french!.slug,
      },
    });
    expect((page.data as { post: { language: string } }).post.language).toBe("fr");
  });

  it("keeps what was typed and explains when the form is invalid", async () => {
    const manager = await createTestUser({ role: "manager" });
    const res = await runAs(manager, cmsAction, "/admin/cms", {
      form: postForm({
        title: "",
        excerpt: "Kept text",
        featuredImageUrl: "javascript:alert(1)",
      }),
    });
    expect(res.status).toBe(400);
    const result = (
      res.data as {
        result: { error: Record<string, string[]>; initialValue: Record<string, unknown> };
      }
    ).result;
    expect(result.error.title).toEqual(["errors.titleRequired"]);
    expect(result.error.featuredImageUrl).toEqual(["errors.imageUrlInvalid"]);
    expect(result.initialValue.excerpt).toBe("Kept text");
  });

  it("only staff reach the CMS", async () => {
    const agent = await createTestUser({ role: "agent" });
    expect((await runAs(agent, cmsLoader, "/admin/cms")).status).toBe(302);
    const post = await runAs(agent, cmsAction, "/admin/cms", {
      form: postForm({ title: "Nope", status: "published" }),
    });
    expect(post.status).toBe(302);
    const [row] = await ctx.db.select().from(blogPosts).where(eq(blogPosts.title, "Nope"));
    expect(row).toBeUndefined();
  });

  it("success stories feed the home page, with the testimonials only as a fallback", async () => {
    const fallback = await listSuccessStoriesForHome(3);
    expect(fallback.map((s) => s.name)).toEqual(seedTestimonials.slice(0, 3).map((t) => t.name));

    const manager = await createTestUser({ role: "manager" });
    await runAs(manager, cmsAction, "/admin/cms", {
      form: postForm({
        title: "Rudo in Winnipeg",
        category: "success_stories",
        status: "published",
        excerpt: "From Mutare to a master's in Manitoba.",
      }),
    });
    const stories = await listSuccessStoriesForHome(3);
    expect(stories).toHaveLength(1);
    expect(stories[0]).toMatchObject({
      name: "Rudo in Winnipeg",
      text: "From Mutare to a master's in Manitoba.",
      href: "/news/rudo-in-winnipeg",
    });
  });
});

// The smallest valid PNG (1×1 transparent pixel).
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

describe("featured images", () => {
  it("stores an uploaded image by its real type and serves it publicly; refuses non-images", async () => {
    setStorage(new LocalStorageDriver(path.join(ctx.dataDir, "uploads")));
    const manager = await createTestUser({ role: "manager" });
    const ok = await runAs(manager, cmsAction, "/admin/cms", {
      form: {
        ...postForm({ title: "With a picture" }),
        featuredImage: new File([PNG], "photo.jpg", { type: "image/jpeg" }),
      },
    });
    expect(ok.status).toBe(302);
    const [post] = await ctx.db
      .select()
      .from(blogPosts)
      .where(eq(blogPosts.title, "With a picture"));
    expect(post?.featuredImageUrl).toMatch(/^\/media\/posts\/[0-9a-f-]{36}\.png$/);

    const app = new Hono();
    registerMediaEndpoints(app);
    const served = await app.request(post!.featuredImageUrl!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(PNG);
    expect((await app.request("/media/posts/../../secret.png")).status).toBe(404);

    const bad = await runAs(manager, cmsAction, "/admin/cms", {
      form: {
        ...postForm({ title: "Sneaky" }),
        featuredImage: new File(["<html><script>x</script>"], "evil.png", { type: "image/png" }),
      },
    });
    expect(bad.status).toBe(400);
    const result = (bad.data as { result: { error: Record<string, string[]> } }).result;
    expect(result.error.featuredImage).toEqual(["errors.imageNotImage"]);
    const [sneaky] = await ctx.db.select().from(blogPosts).where(eq(blogPosts.title, "Sneaky"));
    expect(sneaky).toBeUndefined();
  });
});

describe("sitemap, feed and service pages", () => {
  it("the sitemap lists public pages, public jobs and a newly published post, never drafts", async () => {
    const manager = await createTestUser({ role: "manager" });
    await runAs(manager, cmsAction, "/admin/cms", {
      form: postForm({ title: "Fresh news for the sitemap", status: "published" }),
    });
    await runAs(manager, cmsAction, "/admin/cms", {
      form: postForm({ title: "Unfinished sitemap draft" }),
    });
    const res = await runAs(null, sitemapLoader, "/sitemap.xml");
    const xml = String(res.data);
    expect(xml).toContain("<loc>http://localhost:3000/news/fresh-news-for-the-sitemap</loc>");
    expect(xml).not.toContain("unfinished-sitemap-draft");
    expect(xml).toContain("<loc>http://localhost:3000/services/visa-assistance</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/privacy-policy</loc>");
    expect(xml).not.toContain("/admin");
    // Each page at its address in every language, each listing them all (Google's hreflang).
    expect(xml).toContain("<loc>http://localhost:3000/fr/news/fresh-news-for-the-sitemap</loc>");
    expect(xml).toContain("<loc>http://localhost:3000/pt/services/visa-assistance</loc>");
    const about = xml
      .split("\n")
      .find((line) => line.includes("<loc>http://localhost:3000/fr/about</loc>"));
    for (const [lng, href] of [
      ["en", "/about"],
      ["fr", "/fr/about"],
      ["pt", "/pt/about"],
      ["x-default", "/about"],
    ])
      expect(about).toContain(
        `<xhtml:link rel="alternate" hreflang="${lng}" href="http://localhost:3000${href}"/>`,
      );
    expect(xml).toContain("<loc>http://localhost:3000/fr</loc>");

    const feed = String((await runAs(null, rssLoader, "/news/rss.xml")).data);
    expect(feed).toContain("<title>Fresh news for the sitemap</title>");
    expect(feed).not.toContain("Unfinished sitemap draft");
  });

  it("the feed carries a post's text as text: no raw HTML, and ]]> cannot break out", async () => {
    const manager = await createTestUser({ role: "manager" });
    const hostile = '<script>alert("feed")</script> <img src=x onerror=alert(1)> ]]> <b>bold</b>';
    for (const [title, fields] of [
      ["Feed with hostile content", { content: "`" + hostile + "`" }],
      ["Feed with hostile excerpt", { excerpt: hostile, content: "Plain body." }],
    ] as const) {
      await runAs(manager, cmsAction, "/admin/cms", {
        form: postForm({ title, status: "published", ...fields }),
      });
    }
    const feed = String((await runAs(null, rssLoader, "/news/rss.xml")).data);
    const items = [...feed.matchAll(/<item>([\s\S]*?)<\/item>/g)].map((m) => m[1]!);
    const hostileItems = items.filter((i) => i.includes("Feed with hostile"));
    expect(hostileItems).toHaveLength(2);
    for (const item of hostileItems) {
      // What a feed reader gets: the description element's text, which it renders as HTML.
      const raw = /<description>([\s\S]*?)<\/description>/.exec(item)![1]!;
      const html = xmlText(raw);
      expect(html).not.toMatch(/<(script|img|b)\b/i);
      // The applicant-visible text survives, escaped for HTML.
      expect(html).toContain("&lt;script&gt;alert(");
      expect(html).toContain("]]&gt;");
    }
    // Nothing outside the descriptions was cut open: every item still has its link and category.
    for (const item of hostileItems) {
      expect(item).toMatch(/<link>http:\/\/localhost:3000\/news\/feed-with-hostile-/);
      expect(item).toMatch(/<category>news<\/category>/);
    }
  });

  it("service pages count the active jobs per country, and unknown services are 404", async () => {
    const [canada] = await ctx.db.select().from(countries).where(eq(countries.code, "CA"));
    const before = await runAs(null, serviceLoader, "/services/job-recruitment", {
      params: {
        slug: "job-recruitment",
      },
    });
    const countBefore = (before.data as { jobCounts: Record<string, number> }).jobCounts.CA ?? 0;
    // A plain insert: the jobs version moves (migration 0029), so the kept counts are rebuilt.
    await db().transaction((tx) =>
      tx.insert(jobs).values([
        { title: "Welder", description: "Welding.", countryId: canada!.id },
        { title: "Cook", description: "Cooking.", countryId: canada!.id, isPublic: false },
        { title: "Closed", description: "Gone.", countryId: canada!.id, isActive: false },
      ]),
    );
    const after = await runAs(null, serviceLoader, "/services/job-recruitment", {
      params: {
        slug: "job-recruitment",
      },
    });
    expect((after.data as { jobCounts: Record<string, number> }).jobCounts.CA).toBe(
      countBefore + 2,
    );

    const missing = await runAs(null, serviceLoader, "/services/astrology", {
      params: {
        slug: "astrology",
      },
    });
    expect(missing.status).toBe(404);
  });
});

/** The text an XML parser hands over for an element's content: CDATA sections and entities. */
function xmlText(raw: string) {
  return raw.replace(
    /<!\[CDATA\[([\s\S]*?)\]\]>|&(lt|gt|amp|quot|apos);|&#(\d+);|([^<&]+)|[<&]/g,
    (m, cdata, entity, code, text) => {
      if (cdata !== undefined) return cdata;
      if (entity !== undefined)
        return { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" }[entity as "lt"];
      if (code !== undefined) return String.fromCharCode(Number(code));
      if (text !== undefined) return text;
      throw new Error(`not well-formed XML text: ${m}`);
    },
  );
}
