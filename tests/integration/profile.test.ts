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
      phoneNumber: "+263771234567",
      whatsappNumber: "+263777654321",
      preferredCountryCode: "CA",
      preferredSector: "healthcare",
      emailNotifications: true,
    });
  });

  it("stores numbers typed the local way in E.164, read in the person's country", async () => {
    const user = await createTestUser();
    await save(
      user,
      form({ phoneNumber: "077 123 4567", whatsappNumber: "82 123 4567", country: "South Africa" }),
    );
    expect(await profileOf(user.id)).toMatchObject({
      phoneNumber: "+27771234567",
      whatsappNumber: "+27821234567",
      phoneNeedsFix: false,
    });
    await save(user, form({ phoneNumber: "077 123 4567", whatsappNumber: "" }));
    expect(await profileOf(user.id)).toMatchObject({
      phoneNumber: "+263771234567",
      whatsappNumber: null,
    });
    // Shown as people read it.
    const page = await runAs(user, profileLoader, "/dashboard/profile");
    expect((page.data as { profile: { phoneNumber: string } }).profile.phoneNumber).toBe(
      "+263 77 123 4567",
    );
  });

  it("refuses a number it cannot read with a clear message, keeping what was typed", async () => {
    const user = await createTestUser({ fullName: "Keep Me" });
    const outcome = await save(
      user,
      form({ fullName: "New Name", phoneNumber: "call me maybe", whatsappNumber: "0771234567" }),
    );
    expect(outcome.status).toBe(400);
    const result = (
      outcome.data as {
        result: { error: Record<string, string[]>; initialValue: Record<string, string> };
      }
    ).result;
    expect(result.error).toEqual({ phoneNumber: ["profile.errors.phoneInvalid"] });
    // The form comes back with every answer as typed, to correct the one.
    expect(result.initialValue).toMatchObject({
      fullName: "New Name",
      phoneNumber: "call me maybe",
      whatsappNumber: "0771234567",
    });
    expect((await profileOf(user.id)).fullName).toBe("Keep Me");
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
