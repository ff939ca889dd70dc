import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { localeCookie } from "~/app/i18n/i18n.server";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import { action as authAction } from "~/app/routes/auth/auth";
import { action as languageAction } from "~/app/routes/language";
import { action as outsourcingAction } from "~/app/routes/public/outsourcing";
import { contactInquiries, mailOutbox, outsourcingInquiries, profiles } from "~/server/db/schema";
import { replyToInquiry } from "~/server/inquiries/staff.server";
import { submitContactInquiry } from "~/server/inquiries/receive.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

/** The language the answer's `lng` cookie remembers, if it sets one. */
async function lngCookieOf(headers: Headers) {
  const set = headers.getSetCookie().find((c) => c.startsWith("lng="));
  return set ? ((await localeCookie.parse(set.split(";")[0]!)) as unknown) : undefined;
}

async function preferredLanguage(userId: string) {
  const [row] = await ctx.db
    .select({ lng: profiles.preferredLanguage })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return row?.lng;
}

describe("a signed-in person's language", () => {
  it("is saved on their profile when they use the switcher, and comes back when they sign in elsewhere", async () => {
    const user = await createTestUser({ fullName: "Aline Mbuyi" });
    expect(await preferredLanguage(user.id)).toBe("en");

    const switched = await runAs(user, languageAction, "/language", {
      form: { lng: "fr", to: "/dashboard" },
    });
    expect(switched.location).toBe("/dashboard");
    expect(await lngCookieOf(switched.headers)).toBe("fr");
    expect(await preferredLanguage(user.id)).toBe("fr");

    // Another device: no `lng` cookie yet. Signing in brings the saved choice with it.
    const signIn = await runAs(null, authAction, "/auth", {
      form: { intent: "signin", email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(302);
    expect(await lngCookieOf(signIn.headers)).toBe("fr");
  });

  it("a language chosen on this device before signing in is kept, and saved on the profile", async () => {
    const user = await createTestUser();
    const chose = await runAs(null, languageAction, "/language", {
      form: { lng: "pt", to: "/auth" },
    });
    const cookie = chose.headers.getSetCookie()[0]!.split(";")[0]!;
    const signIn = await runAs(null, authAction, "/pt/auth", {
      headers: { cookie },
      form: { intent: "signin", email: user.email, password: user.password },
    });
    expect(signIn.status).toBe(302);
    expect(await lngCookieOf(signIn.headers)).toBeUndefined();
    expect(await preferredLanguage(user.id)).toBe("pt");
  });

  it("is not changed by a visitor's switch, nor by an unknown language", async () => {
    const user = await createTestUser();
    const visitor = await runAs(null, languageAction, "/language", {
      form: { lng: "pt", to: "/jobs" },
    });
    expect(visitor.location).toBe("/pt/jobs");
    const unknown = await runAs(user, languageAction, "/language", {
      form: { lng: "de", to: "/dashboard" },
    });
    expect(unknown.location).toBe("/");
    expect(await preferredLanguage(user.id)).toBe("en");
  });

  it("starts as the language of the page they signed up on, and their confirmation e-mail is in it", async () => {
    const email = `ana-${Math.random().toString(36).slice(2)}@example.com`;
    const outcome = await runAs(null, authAction, "/pt/auth", {
      form: {
        intent: "signup",
        role: "job_seeker",
        fullName: "Ana Cossa",
        email,
        country: "Mozambique",
        password: "long-enough-pw",
        confirmPassword: "long-enough-pw",
        acceptPolicies: "on",
      },
    });
    expect(outcome.status).toBe(302);
    const [profile] = await ctx.db.select().from(profiles).where(eq(profiles.email, email));
    expect(profile?.preferredLanguage).toBe("pt");
    const [mail] = await ctx.mailsTo(email);
    expect(mail?.subject).toMatch(/^Confirme o seu endereço de e-mail/);
    expect(mail?.text).toContain("Olá, Ana Cossa,");
  });
});

describe("a visitor's inquiry", () => {
  it("keeps the language of the page it was sent from: the confirmation and staff's reply are in it", async () => {
    const email = `devis-${Date.now()}@entreprise.example`;
    const company = `Kinshasa Services ${Date.now()}`;
    await runAs(null, outsourcingAction, "/fr/outsourcing", {
      form: {
        name: "Paul Ilunga",
        company,
        email,
        services: ["Virtual Assistants"],
        budget: "",
        message: "",
        website: "",
      },
    });
    const [inquiry] = await ctx.db
      .select()
      .from(outsourcingInquiries)
      .where(eq(outsourcingInquiries.company, company));
    expect(inquiry?.language).toBe("fr");
    const [confirmation] = await ctx.mailsTo(email);
    expect(confirmation?.subject).toBe(`Nous avons bien reçu votre demande de devis (${company})`);
    // The agency's inbox reads English, and is told which language to answer in.
    const [toAgency] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.subject, `New outsourcing quote request: ${company}`));
    expect(toAgency?.text).toContain("Language: Français");

    const manager = await createTestUser({ role: "manager" });
    await ctx.db.delete(mailOutbox).where(eq(mailOutbox.to, email));
    await replyToInquiry({ actor: manager, kind: "outsourcing", id: inquiry!.id, body: "Oui." });
    const [reply] = await ctx.mailsTo(email);
    expect(reply?.subject).toBe(`Re : Votre demande de devis (${company})`);
    expect(reply?.text).toContain("Bonjour Paul Ilunga,");
  });

  it("a contact message's reply is in the language it was written in", async () => {
    const email = `contacto-${Date.now()}@example.com`;
    await submitContactInquiry({
      inquiry: { name: "Rosa", email, phone: undefined, message: "Olá", subject: "" },
      language: "pt",
    });
    const [inquiry] = await ctx.db
      .select()
      .from(contactInquiries)
      .where(eq(contactInquiries.email, email));
    const manager = await createTestUser({ role: "manager" });
    await replyToInquiry({ actor: manager, kind: "contact", id: inquiry!.id, body: "Obrigado." });
    const [reply] = await ctx.mailsTo(email);
    expect(reply?.subject).toBe(`Re: A sua mensagem para ${DEFAULT_SITE_SETTINGS.agencyName}`);
    expect(reply?.text).toContain("A sua mensagem original:");
  });
});
