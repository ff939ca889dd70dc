import { count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactInquiries, mailOutbox, outsourcingInquiries } from "~/server/db/schema";
import { formPost, send, setupHostileApp, url } from "./app";

// Issue 12, finding 18 (forms half): a retried post is recognised by its submission key.
const ctx = setupHostileApp();

async function rowsFor(email: string) {
  const [contact] = await ctx.db
    .select({ n: count() })
    .from(contactInquiries)
    .where(eq(contactInquiries.email, email));
  const [quote] = await ctx.db
    .select({ n: count() })
    .from(outsourcingInquiries)
    .where(eq(outsourcingInquiries.email, email));
  const [mail] = await ctx.db
    .select({ n: count() })
    .from(mailOutbox)
    .where(eq(mailOutbox.replyTo, email));
  return { contact: contact!.n, quote: quote!.n, mail: mail!.n };
}

async function keyOnPage(path: string) {
  const html = await (await send(ctx.app, new Request(url(path)))).text();
  const key = /name="submissionKey" value="([^"]+)"/.exec(html)?.[1];
  expect(key, `${path} renders a submission key before JavaScript`).toMatch(/^[\w-]{16,64}$/);
  return key!;
}

/** The same submission posted twice, as a browser retries a post whose answer was lost. */
async function postTwice(path: string, fields: Record<string, string>) {
  const first = await send(ctx.app, formPost(path, fields));
  const second = await send(ctx.app, formPost(path, fields));
  return [first, second];
}

describe("retried form posts (finding 18)", () => {
  it("stores a contact message once when the same submission is posted twice", async () => {
    const submissionKey = await keyOnPage("/contact");
    const fields = {
      name: "Rudo Chikwanha",
      email: "rudo@example.com",
      subject: "Care work",
      message: "Please tell me about the care worker jobs in the UK.",
      submissionKey,
    };
    for (const response of await postTwice("/contact", fields)) {
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('data-testid="contact-success"');
    }
    expect(await rowsFor(fields.email)).toEqual({ contact: 1, quote: 0, mail: 1 });

    // A different message under the same key (one cached page, two visitors) is its own inquiry.
    await send(ctx.app, formPost("/contact", { ...fields, message: `${fields.message} Thanks.` }));
    expect((await rowsFor(fields.email)).contact).toBe(2);
  });

  it("stores a quote request once when the same submission is posted twice", async () => {
    const submissionKey = await keyOnPage("/outsourcing");
    const fields = {
      name: "Sipho Dube",
      company: "Dube Logistics",
      email: "sipho@example.com",
      services: "Virtual Assistants",
      message: "Two assistants for our dispatch desk.",
      submissionKey,
    };
    for (const response of await postTwice("/outsourcing", fields)) {
      expect(response.status).toBe(200);
    }
    expect(await rowsFor(fields.email)).toEqual({ contact: 0, quote: 1, mail: 1 });
  });
});
