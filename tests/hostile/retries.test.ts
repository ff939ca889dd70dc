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

/**
 * The form on `path` sent twice with the same submission key (the one its page renders), as a
 * browser retries a post whose answer was lost; both posts are answered 200.
 */
async function postTwice(path: string, fields: Record<string, string>) {
  const submissionKey = await keyOnPage(path);
  const responses: Response[] = [];
  for (let i = 0; i < 2; i++) {
    const response = await send(ctx.app, formPost(path, { ...fields, submissionKey }));
    expect(response.status).toBe(200);
    responses.push(response);
  }
  return { submissionKey, responses };
}

describe("retried form posts (finding 18)", () => {
  it("stores a contact message once when the same submission is posted twice", async () => {
    const fields = {
      name: "Rudo Chikwanha",
      email: "rudo@example.com",
      subject: "Care work",
      message: "Please tell me about the care worker jobs in the UK.",
    };
    const { submissionKey, responses } = await postTwice("/contact", fields);
    for (const response of responses) {
      expect(await response.text()).toContain('data-testid="contact-success"');
    }
    expect(await rowsFor(fields.email)).toEqual({ contact: 1, quote: 0, mail: 1 });

    // A different message under the same key (one cached page, two visitors) is its own inquiry.
    await send(
      ctx.app,
      formPost("/contact", { ...fields, submissionKey, message: `${fields.message} Thanks.` }),
    );
    expect((await rowsFor(fields.email)).contact).toBe(2);
  });

  it("stores a quote request once when the same submission is posted twice", async () => {
    const email = "sipho@example.com";
    await postTwice("/outsourcing", {
      name: "Sipho Dube",
      company: "Dube Logistics",
      email,
      services: "Virtual Assistants",
      message: "Two assistants for our dispatch desk.",
    });
    expect(await rowsFor(email)).toEqual({ contact: 0, quote: 1, mail: 1 });
  });
});
