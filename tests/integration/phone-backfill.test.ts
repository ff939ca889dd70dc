import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { loader as profileLoader } from "~/app/routes/dashboard/profile";
import { profiles } from "~/server/db/schema";
import { backfillPhoneNumbers } from "~/server/profiles/phone-backfill.server";
import { createTestUser, runAs, setupTestDatabase } from "./harness";

const ctx = setupTestDatabase();

const numbersOf = async (id: string) =>
  (
    await ctx.db
      .select({
        phoneNumber: profiles.phoneNumber,
        whatsappNumber: profiles.whatsappNumber,
        phoneNeedsFix: profiles.phoneNeedsFix,
      })
      .from(profiles)
      .where(eq(profiles.id, id))
  )[0]!;

/** A number as an earlier version stored it: free text, straight into the row. */
async function stored(
  user: { id: string },
  values: {
    phoneNumber?: string | null;
    whatsappNumber?: string | null;
    country?: string;
    office?: string;
  },
) {
  await ctx.db.update(profiles).set(values).where(eq(profiles.id, user.id));
}

describe("numbers saved before they were checked", () => {
  it("become E.164 when they read, are kept and flagged when not, and no row is lost", async () => {
    const harare = await createTestUser({ country: "Zimbabwe" });
    const midrand = await createTestUser({ country: "Narnia" });
    const garbage = await createTestUser({ country: "Zimbabwe" });
    const empty = await createTestUser();
    await stored(harare, { phoneNumber: "077 123 4567", whatsappNumber: "+27 82 123 4567" });
    // A country that names none: read in their office's (Midrand, South Africa).
    await stored(midrand, { phoneNumber: "082 555 0101", office: "Midrand" });
    await stored(garbage, { phoneNumber: "call me maybe", whatsappNumber: "0771234567" });
    await stored(empty, { phoneNumber: null, whatsappNumber: null });

    const outcome = await backfillPhoneNumbers();
    expect(outcome.flagged).toBeGreaterThanOrEqual(1);

    expect(await numbersOf(harare.id)).toEqual({
      phoneNumber: "+263771234567",
      whatsappNumber: "+27821234567",
      phoneNeedsFix: false,
    });
    expect(await numbersOf(midrand.id)).toMatchObject({
      phoneNumber: "+27825550101",
      phoneNeedsFix: false,
    });
    // Never dropped: kept as it was, flagged for the person; the other number still migrated.
    expect(await numbersOf(garbage.id)).toEqual({
      phoneNumber: "call me maybe",
      whatsappNumber: "+263771234567",
      phoneNeedsFix: true,
    });
    expect(await numbersOf(empty.id)).toEqual({
      phoneNumber: null,
      whatsappNumber: null,
      phoneNeedsFix: false,
    });

    // Once is enough: a second run finds nothing left to do.
    expect(await backfillPhoneNumbers()).toEqual({ migrated: 0, flagged: 0 });

    // The person is asked to correct it on their profile.
    const page = await runAs(garbage, profileLoader, "/dashboard/profile");
    expect((page.data as { profile: { phoneNeedsFix: boolean } }).profile.phoneNeedsFix).toBe(true);
  });
});
