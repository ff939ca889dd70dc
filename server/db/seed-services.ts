import type { APPLICANT_ROLES } from "~/domain/enums";
import type { acceptCurrentPolicies } from "~/server/privacy/consent.server";
import type { allocateReceiptNumber } from "~/server/payments/receipts.server";
import type { getSiteSettings, saveSiteSettings } from "~/server/settings/settings.server";
import type { storage } from "~/server/storage/storage.server";

/**
 * What the seed needs of the services above the database. server/db is their foundation, so the
 * seed does not import them (that would make the layers a circle): boot hands them in
 * (`seedServices()` in server/boot.server.ts), and a test may hand in its own.
 */
export type SeedServices = {
  /** A sign-up as the form makes it (better-auth: the password hashed, the account row). */
  signUp: (body: {
    email: string;
    password: string;
    name: string;
    role: (typeof APPLICANT_ROLES)[number];
    country: string;
    phoneNumber?: string;
    whatsappNumber?: string;
  }) => Promise<{ id: string }>;
  acceptCurrentPolicies: typeof acceptCurrentPolicies;
  allocateReceiptNumber: typeof allocateReceiptNumber;
  getSiteSettings: typeof getSiteSettings;
  saveSiteSettings: typeof saveSiteSettings;
  storage: typeof storage;
};
