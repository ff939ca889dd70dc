import { describe, expect, it } from "vitest";
import {
  type FeePolicy,
  FeePolicyFormSchema,
  feeSettingsFor,
  noOfferOutcomeDue,
  premiumUnlocked,
  refundOutcomeOfStatus,
  registrationComplete,
  resolveFeePolicy,
} from "./fee-policy";

const policy = (p: Partial<FeePolicy> & Pick<FeePolicy, "id" | "office" | "kind">): FeePolicy => ({
  destination: "",
  path: "",
  amountMinor: null,
  currency: null,
  successBasisPoints: null,
  covers: "",
  excludes: "",
  othersPay: "",
  refundRule: "",
  legalBasis: "",
  refundOutcomes: { statuses: [], noOfferDays: null },
  version: 1,
  ...p,
});

// What migration 0028 seeds.
const SEEDED = [
  policy({
    id: "harare",
    office: "Harare",
    kind: "registration",
  }),
  policy({ id: "midrand", office: "Midrand", kind: "none" }),
];

describe("resolveFeePolicy", () => {
  const destinations = [null, "GB", "PL", "ZA"];
  const paths = [null, "jobs", "study"] as const;
  for (const office of ["Harare", "Midrand"]) {
    for (const destination of destinations) {
      for (const path of paths) {
        it(`${office} × ${destination ?? "any destination"} × ${path ?? "any path"} → the office's policy`, () => {
          expect(resolveFeePolicy(SEEDED, { office, destination, path })?.id).toBe(
            office.toLowerCase(),
          );
        });
      }
    }
  }

  it("an office without a policy has none", () => {
    expect(resolveFeePolicy(SEEDED, { office: "Lusaka" })).toBeNull();
  });

  const withOverrides = [
    ...SEEDED,
    policy({ id: "h-gb", office: "Harare", destination: "GB", kind: "employer" }),
    policy({ id: "h-study", office: "Harare", path: "study", kind: "none" }),
    policy({
      id: "h-gb-study",
      office: "Harare",
      destination: "GB",
      path: "study",
      kind: "success",
    }),
    policy({
      id: "m-pl-jobs",
      office: "Midrand",
      destination: "PL",
      path: "jobs",
      kind: "employer",
    }),
  ];
  it.each([
    [{ office: "Harare", destination: "GB", path: "study" }, "h-gb-study"],
    [{ office: "Harare", destination: "gb", path: "jobs" }, "h-gb"],
    [{ office: "Harare", destination: "GB" }, "h-gb"],
    [{ office: "Harare", destination: "PL", path: "study" }, "h-study"],
    [{ office: "Harare", destination: "PL", path: "jobs" }, "harare"],
    [{ office: "Harare" }, "harare"],
    [{ office: "Midrand", destination: "PL", path: "jobs" }, "m-pl-jobs"],
    [{ office: "Midrand", destination: "PL", path: "study" }, "midrand"],
    [{ office: "Midrand", destination: "PL" }, "midrand"],
  ] as const)("the most specific match wins: %j → %s", (context, id) => {
    expect(resolveFeePolicy(withOverrides, context)?.id).toBe(id);
  });
});

describe("premium access", () => {
  const complete = {
    fullName: "A",
    phoneNumber: "1",
    country: "South Africa",
    whatsappNumber: "2",
    hasCv: true,
  };
  it("registration is complete with every profile field and a CV", () => {
    expect(registrationComplete(complete)).toBe(true);
    expect(registrationComplete({ ...complete, hasCv: false })).toBe(false);
    expect(registrationComplete({ ...complete, whatsappNumber: " " })).toBe(false);
  });
  it("a registration fee opens premium jobs only once paid", () => {
    const fee = { kind: "registration" } as const;
    expect(premiumUnlocked({ paid: false, policy: fee, registrationComplete: true })).toBe(false);
    expect(premiumUnlocked({ paid: true, policy: fee, registrationComplete: false })).toBe(true);
  });
  it.each(["none", "employer", "success"] as const)(
    "under %s, premium jobs open when registration is complete",
    (kind) => {
      expect(premiumUnlocked({ paid: false, policy: { kind }, registrationComplete: true })).toBe(
        true,
      );
      expect(premiumUnlocked({ paid: false, policy: { kind }, registrationComplete: false })).toBe(
        false,
      );
    },
  );
});

describe("FeePolicyFormSchema", () => {
  it("a registration fee needs what it covers, its refund rule and legal basis; an amount its currency", () => {
    const r = FeePolicyFormSchema.safeParse({
      office: "Harare",
      kind: "registration",
      amount: "50",
    });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join("."));
    expect(paths).toEqual(["currency", "covers", "refundRule", "legalBasis"]);
  });
  it("a registration fee without an amount is the site settings' fee", () => {
    const value = { covers: "c", refundRule: "r", legalBasis: "l" };
    const r = FeePolicyFormSchema.parse({ office: "Harare", kind: "registration", ...value });
    expect(r).toMatchObject({ amountMinor: null, currency: null });
    const settings = {
      registrationFee: { amountMinor: 9900, currency: "USD", refundPolicy: "site" },
      payments: { otherFees: [{ currency: "ZAR", amountMinor: 179900 }] },
    };
    expect(feeSettingsFor({ ...r, refundRule: "r" }, settings)).toEqual({
      registrationFee: { amountMinor: 9900, currency: "USD", refundPolicy: "r" },
      payments: settings.payments,
    });
    // An amount of its own drops the site fee's other currencies.
    expect(
      feeSettingsFor({ amountMinor: 5000, currency: "usd", refundRule: "" }, settings),
    ).toEqual({
      registrationFee: { amountMinor: 5000, currency: "USD", refundPolicy: "site" },
      payments: { otherFees: [] },
    });
  });
  it("a success fee is a percentage with a cap", () => {
    const r = FeePolicyFormSchema.parse({
      office: "Harare",
      destination: "pl",
      path: "jobs",
      kind: "success",
      amount: "150",
      currency: "usd",
      percent: "5",
      covers: "Placement",
      refundRule: "None",
      legalBasis: "SI 223 of 2023",
    });
    expect(r).toMatchObject({
      destination: "PL",
      amountMinor: 15000,
      currency: "USD",
      successBasisPoints: 500,
    });
  });
  it("no fee needs nothing more", () => {
    expect(FeePolicyFormSchema.parse({ office: "Midrand", kind: "none" })).toMatchObject({
      kind: "none",
      amountMinor: null,
    });
  });
});

describe("refund outcomes", () => {
  const outcomes = { statuses: ["visa_refused" as const], noOfferDays: 180 };
  it("a status the rule names is its outcome; another is not", () => {
    expect(refundOutcomeOfStatus(outcomes, "visa_refused")).toBe("status:visa_refused");
    expect(refundOutcomeOfStatus(outcomes, "withdrawn")).toBeNull();
  });
  it("no offer within the days: due on the day, not before, never after an offer", () => {
    const paidAt = new Date("2026-01-01T10:00:00Z");
    const at = (days: number) => new Date(paidAt.getTime() + days * 24 * 60 * 60 * 1000);
    expect(noOfferOutcomeDue(outcomes, { paidAt, now: at(179), hadOffer: false })).toBeNull();
    expect(noOfferOutcomeDue(outcomes, { paidAt, now: at(180), hadOffer: false })).toBe(
      "noOffer:180",
    );
    expect(noOfferOutcomeDue(outcomes, { paidAt, now: at(400), hadOffer: true })).toBeNull();
  });
  it("the editor's form keeps outcomes only for a registration fee", () => {
    const base = {
      office: "Harare",
      covers: "x",
      refundRule: "Refunded if the visa is refused.",
      legalBasis: "y",
      refundStatuses: ["visa_refused", "withdrawn"],
      noOfferDays: "180",
    };
    const registration = FeePolicyFormSchema.parse({ ...base, kind: "registration" });
    expect(registration.refundOutcomes).toEqual({
      statuses: ["visa_refused", "withdrawn"],
      noOfferDays: 180,
    });
    expect(FeePolicyFormSchema.parse({ ...base, kind: "none" }).refundOutcomes).toEqual({
      statuses: [],
      noOfferDays: null,
    });
    expect(
      FeePolicyFormSchema.safeParse({ ...base, kind: "registration", noOfferDays: "soon" }).success,
    ).toBe(false);
  });
});
