import crypto from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { Role } from "~/domain/enums";
import { db } from "./client.server";
import {
  appState,
  countries,
  documentChecklistRules,
  jobs,
  mailOutbox,
  payments,
  profiles,
  programs,
} from "./schema";
import { seedDemoActivity } from "./seed-activity.server";
import type { SeedServices } from "./seed-services";
import {
  seedAgencyRegistrations,
  seedChecklistRules,
  seedCountries,
  seedDataProtectionOfficer,
  seedJobs,
  seedStudyPrograms,
} from "./seed-data";

type DemoAccount = {
  email: string;
  fullName: string;
  role: Role;
  paid?: boolean;
  country: string;
  phoneNumber?: string;
  whatsappNumber?: string;
  /** A staff member's office and the other offices they may see (applicants: from the country). */
  office?: string;
  extraOffices?: string[];
  /** A staff member whom /verify confirms by name. */
  listedOnVerify?: boolean;
};

export const DEMO_ACCOUNTS: DemoAccount[] = [
  {
    email: "superadmin@passage.test",
    fullName: "Tendai Moyo",
    role: "super_admin",
    country: "Zimbabwe",
  },
  {
    email: "admin@passage.test",
    fullName: "Lerato Dlamini",
    role: "admin",
    country: "South Africa",
  },
  {
    email: "manager@passage.test",
    fullName: "Farai Chikwanha",
    role: "manager",
    country: "Zimbabwe",
    // Harare's manager who also covers Midrand; midrand.manager sees Midrand's applicants only.
    office: "Harare",
    extraOffices: ["Midrand"],
    listedOnVerify: true,
  },
  {
    email: "midrand.manager@passage.test",
    fullName: "Naledi Khumalo",
    role: "manager",
    country: "South Africa",
    office: "Midrand",
    listedOnVerify: true,
  },
  {
    email: "agent@passage.test",
    fullName: "Sipho Ndlovu",
    role: "agent",
    country: "South Africa",
    office: "Midrand",
  },
  {
    email: "seeker@passage.test",
    fullName: "Rudo Mutasa",
    role: "job_seeker",
    country: "Zimbabwe",
    phoneNumber: "+263 77 100 0001",
  },
  {
    email: "paid@passage.test",
    fullName: "Thabo Mokoena",
    role: "job_seeker",
    paid: true,
    country: "South Africa",
    phoneNumber: "+27 82 100 0002",
    whatsappNumber: "+27 82 100 0002",
  },
  {
    email: "student@passage.test",
    fullName: "Nyasha Banda",
    role: "student_applicant",
    country: "Zimbabwe",
  },
];

/** Reference data every install needs, demo or not: the countries. Idempotent. */
export async function seedReferenceData() {
  await db()
    .insert(countries)
    .values(seedCountries.map((c) => ({ code: c.code, name: c.name, isActive: c.isActive })))
    .onConflictDoNothing({ target: countries.code });
}

/** The first day of each of the next two occurrences of these months, as YYYY-MM-DD, in order. */
function nextIntakes(months: number[], today = new Date()): string[] {
  const days: string[] = [];
  for (let ahead = 1; ahead <= 24 && days.length < Math.max(2, months.length); ahead++) {
    const d = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + ahead, 1));
    if (months.includes(d.getUTCMonth() + 1)) days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/**
 * Demo study programs, once (their own flag: a database seeded before programs were real gets them
 * too). Intakes are the next dates of each program's intake months; applications close two months
 * before the first (no deadline when that has passed).
 */
export async function seedDemoPrograms() {
  const database = db();
  const [seeded] = await database
    .select()
    .from(appState)
    .where(eq(appState.key, "demo_programs_seeded"));
  if (seeded) return;
  const countryRows = await database.select().from(countries);
  const idByCode = new Map(countryRows.map((c) => [c.code, c.id]));
  const now = Date.now();
  await database.transaction(async (tx) => {
    await tx.insert(programs).values(
      seedStudyPrograms.flatMap((p, i) => {
        const countryId = idByCode.get(p.countryCode);
        if (countryId === undefined) return [];
        const intakes = nextIntakes(p.intakeMonths);
        const first = new Date(`${intakes[0]}T00:00:00Z`);
        first.setUTCMonth(first.getUTCMonth() - 2);
        const { intakeMonths: _months, countryCode: _code, ...fields } = p;
        return [
          {
            ...fields,
            countryId,
            intakes,
            applicationDeadline: first.getTime() > now ? first.toISOString().slice(0, 10) : null,
            // The list shows the newest first: the first program here leads it.
            createdAt: new Date(now - i * 60_000),
          },
        ];
      }),
    );
    await tx
      .insert(appState)
      .values({ key: "demo_programs_seeded", value: new Date().toISOString() });
  });
}

/**
 * The demo checklists per destination and path (decision record 44), once (their own flag: a
 * database seeded before checklists existed gets them too).
 */
export async function seedDemoChecklists() {
  await db().transaction(async (tx) => {
    const [seeded] = await tx
      .select()
      .from(appState)
      .where(eq(appState.key, "demo_checklists_seeded"));
    if (seeded) return;
    await tx
      .insert(documentChecklistRules)
      .values(
        seedChecklistRules.map(([destination, kind, path, documentType, mandatory]) => ({
          destination,
          kind,
          path,
          documentType,
          mandatory,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(appState)
      .values({ key: "demo_checklists_seeded", value: new Date().toISOString() });
  });
}

/**
 * The demo agency's registrations and data-protection officer, once (their own flag:
 * a database seeded before gets them too), unless staff already entered registrations.
 */
export async function seedDemoTrust(services: SeedServices) {
  const [seeded] = await db().select().from(appState).where(eq(appState.key, "demo_trust_seeded"));
  if (seeded) return;
  await db().transaction(async (tx) => {
    const settings = await services.getSiteSettings(tx);
    if (settings.trust.registrations.length === 0) {
      await services.saveSiteSettings({
        on: tx,
        actorId: null,
        value: {
          ...settings,
          privacy: {
            ...settings.privacy,
            informationOfficer:
              settings.privacy.informationOfficer || seedDataProtectionOfficer.name,
            informationOfficerEmail:
              settings.privacy.informationOfficerEmail || seedDataProtectionOfficer.email,
          },
          trust: { ...settings.trust, registrations: seedAgencyRegistrations },
        },
      });
    }
    await tx.insert(appState).values({ key: "demo_trust_seeded", value: new Date().toISOString() });
  });
}

/**
 * Demo jobs, study programs and accounts, once. Idempotent. `activity`: and the lived-in
 * back-office (seed-activity.server.ts), once, after the accounts.
 */
export async function seedDemo(
  services: SeedServices,
  options: { password?: string; activity?: boolean },
) {
  const database = db();

  const [seeded] = await database.select().from(appState).where(eq(appState.key, "demo_seeded"));
  if (!seeded) {
    const countryRows = await database.select().from(countries);
    const idByCode = new Map(countryRows.map((c) => [c.code, c.id]));
    const now = Date.now();
    await database.transaction(async (tx) => {
      await tx.insert(jobs).values(
        seedJobs.map((j) => ({
          title: j.title,
          description: j.description,
          sector: j.sector,
          jobType: j.jobType,
          employmentType: j.employmentType,
          salaryRange: j.salaryRange,
          salaryMin: j.salaryMin,
          salaryMax: j.salaryMax,
          salaryCurrency: j.salaryCurrency,
          salaryPeriod: j.salaryPeriod,
          requirements: j.requirements,
          benefits: j.benefits,
          countryId: idByCode.get(j.countryCode) ?? null,
          isPublic: j.isPublic,
          isActive: j.isActive,
          createdAt: new Date(now - j.postedDaysAgo * 86_400_000),
        })),
      );
      await tx.insert(appState).values({ key: "demo_seeded", value: new Date().toISOString() });
    });
  }

  await seedDemoPrograms();
  await seedDemoTrust(services);
  await seedDemoChecklists();

  const existing = await database
    .select({ email: profiles.email })
    .from(profiles)
    .where(
      inArray(
        profiles.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  const have = new Set(existing.map((r) => r.email));
  const missing = DEMO_ACCOUNTS.filter((a) => !have.has(a.email));
  if (missing.length === 0) {
    // A database seeded before demo payments were recorded gets them now.
    await recordDemoPayments(services);
    if (options.activity) await seedDemoActivity(services);
    return { createdAccounts: [] as string[], password: null };
  }

  const password = options.password ?? crypto.randomBytes(9).toString("base64url");
  for (const account of missing) {
    await createAccount(services, { ...account, password });
  }
  // Demo accounts are created verified: their sign-up confirmation e-mails would only be noise.
  await database.delete(mailOutbox).where(
    and(
      inArray(
        mailOutbox.to,
        missing.map((a) => a.email),
      ),
      eq(mailOutbox.status, "pending"),
    ),
  );
  await recordDemoPayments(services);
  if (options.activity) await seedDemoActivity(services);
  return {
    createdAccounts: missing.map((a) => a.email),
    password: options.password ? null : password,
  };
}

/**
 * A paid demo account has the completed payment its flag implies, as if staff had marked it paid:
 * the payment list, the applicant's receipt and the revenue figures agree with the flag. One fixed
 * reference per account, so running the seed again never records a second payment.
 */
async function recordDemoPayments(services: SeedServices) {
  const paidEmails = DEMO_ACCOUNTS.filter((a) => a.paid).map((a) => a.email);
  if (paidEmails.length === 0) return;
  const paid = await db()
    .select({ id: profiles.id, email: profiles.email, createdAt: profiles.createdAt })
    .from(profiles)
    .where(and(inArray(profiles.email, paidEmails), eq(profiles.registrationFeePaid, true)));
  if (paid.length === 0) return;
  const { registrationFee } = await services.getSiteSettings();
  for (const p of paid) {
    // Each with its receipt number, taken only when the payment is new (no gap on a second run).
    await db().transaction(async (tx) => {
      const [inserted] = await tx
        .insert(payments)
        .values({
          userId: p.id,
          amountMinor: registrationFee.amountMinor,
          currency: registrationFee.currency,
          paymentMethod: "manual",
          provider: "manual" as const,
          paymentReference: `DEMO_${p.email}`,
          status: "completed" as const,
          paymentDate: p.createdAt,
        })
        .onConflictDoNothing({ target: payments.paymentReference })
        .returning({ id: payments.id });
      if (!inserted) return;
      await tx
        .update(payments)
        .set({ receiptNumber: await services.allocateReceiptNumber(tx, p.createdAt) })
        .where(eq(payments.id, inserted.id));
    });
  }
}

/** Creates an account through better-auth (hashing, account row), then sets staff role / paid. */
export async function createAccount(
  services: SeedServices,
  account: DemoAccount & { password: string },
) {
  const user = await services.signUp({
    email: account.email,
    password: account.password,
    name: account.fullName,
    role: account.role === "student_applicant" ? "student_applicant" : "job_seeker",
    country: account.country,
    phoneNumber: account.phoneNumber,
    whatsappNumber: account.whatsappNumber,
  });
  await db()
    .update(profiles)
    .set({
      role: account.role,
      registrationFeePaid: account.paid ?? false,
      emailVerified: true,
      ...(account.office ? { office: account.office } : {}),
      ...(account.extraOffices ? { extraOffices: account.extraOffices } : {}),
      ...(account.listedOnVerify ? { listedOnVerify: true } : {}),
    })
    .where(eq(profiles.id, user.id));
  // Seeded people have accepted the terms and privacy policy in force, as the sign-up form asks.
  await services.acceptCurrentPolicies(user.id);
  return user.id;
}
