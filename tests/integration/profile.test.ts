import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { action as profileAction, loader as profileLoader } from "~/app/routes/dashboard/profile";
import { profiles } from "~/server/db/schema";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

const profileOf = async (id: string) =>
  (await ctx.db.select().from(profiles).where(eq(profiles.id, id)))[0]!;

function form(overrides: Record<string, string> = {}) {
  return {
    fullName: "Chipo Nyathi",
    country: "Zimbabwe",
    phoneNumber: "+263 77 123 4567",
    whatsappNumber: "+263 77 765 4321",
    role: "job_seeker",
    emailNotifications: "on",
    ...overrides,
  };
}

async function save(
  user: Awaited<ReturnType<typeof createTestUser>>,
  values: Record<string, string>,
) {
  return runAs(user, profileAction, "/dashboard/profile", { form: values });
}

describe("profile settings", () => {
  it("saves the applicant's own details and the completion follows", async () => {
    const user = await createTestUser();
    const before = await runAs(user, profileLoader, "/dashboard/profile");
    expect((before.data as { profile: { email: string } }).profile.email).toBe(user.email);

    const outcome = await save(
      user,
      form({ preferredCountryCode: "CA", preferredSector: "healthcare" }),
    );
    // Saved, then back to the page with its confirmation: a reload does not post again.
    expect(outcome).toMatchObject({ status: 302, location: "/dashboard/profile?done=saved" });
    expect(await profileOf(user.id)).toMatchObject({
      fullName: "Chipo Nyathi",
      phoneNumber: "+263 77 123 4567",
      whatsappNumber: "+263 77 765 4321",
      preferredCountryCode: "CA",
      preferredSector: "healthcare",
      emailNotifications: true,
    });
  });

  it("requires full name and country, with clear messages, and changes nothing", async () => {
    const user = await createTestUser({ fullName: "Keep Me" });
    const outcome = await save(user, form({ fullName: " ", country: "" }));
    expect(outcome.status).toBe(400);
    const error = (outcome.data as { result: { error: Record<string, string[]> } }).result.error;
    expect(error.fullName).toEqual(["profile.errors.fullNameRequired"]);
    expect(error.country).toEqual(["profile.errors.countryRequired"]);
    expect((await profileOf(user.id)).fullName).toBe("Keep Me");
  });

  it("moves only between job_seeker and student_applicant", async () => {
    const user = await createTestUser();
    await save(user, form({ role: "student_applicant" }));
    expect((await profileOf(user.id)).role).toBe("student_applicant");

    const escalate = await save(user, form({ role: "admin" }));
    expect(escalate.status).toBe(400);
    expect((await profileOf(user.id)).role).toBe("student_applicant");

    // Staff keep their role whatever the form says.
    const manager = await createTestUser({ role: "manager" });
    await save(manager, form({ role: "job_seeker" }));
    expect((await profileOf(manager.id)).role).toBe("manager");
  });

  it("never changes the e-mail, and an unticked box opts out of e-mails", async () => {
    const user = await createTestUser();
    const values = form({ email: "hijack@example.com" });
    delete (values as Record<string, string>).emailNotifications;
    expect((await save(user, values)).status).toBe(302);
    const saved = await profileOf(user.id);
    expect(saved.email).toBe(user.email);
    expect(saved.emailNotifications).toBe(false);
  });

  it("sends a visitor to sign in", async () => {
    const outcome = await runAs(null, profileAction, "/dashboard/profile", { form: form() });
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/auth\?redirectTo=/);
  });
});
