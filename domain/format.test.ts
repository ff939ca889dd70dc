import { describe, expect, it } from "vitest";
import {
  telLink,
  whatsappLink,
  AGENCY_TIME_ZONE,
  calendarDay,
  dateFormatter,
  endOfAgencyDay,
  formatDate,
  formatMoney,
  formatSalary,
} from "./format";

// 23:30 UTC on 31 December is already 01:30 on 1 January in Harare (UTC+2).
const lateEvening = "2026-12-31T23:30:00.000Z";

describe("formatDate", () => {
  it("shows every moment in the agency's time zone, whatever zone the process runs in", () => {
    const before = process.env.TZ;
    try {
      for (const tz of ["UTC", "America/Los_Angeles", "Asia/Tokyo"]) {
        process.env.TZ = tz;
        expect(formatDate(lateEvening, "en-GB", "dateTime")).toBe("1 Jan 2027, 01:30");
        expect(formatDate(new Date(lateEvening), "en-GB", "date")).toBe("1 Jan 2027");
      }
    } finally {
      process.env.TZ = before;
    }
  });

  it("cannot be talked into another zone by the options", () => {
    expect(formatDate(lateEvening, "en-GB", { hour: "2-digit", timeZone: "UTC" })).toBe("01");
    expect(
      dateFormatter("en", { timeZone: "America/New_York", timeZoneName: "short" })
        .format(Date.parse(lateEvening))
        .match(/(CAT|GMT\+2)$/) !== null,
    ).toBe(true);
  });

  it("names the zone in an appointment", () => {
    expect(formatDate(lateEvening, "en-GB", "appointment")).toMatch(/01:30 (CAT|GMT\+2)$/);
    expect(AGENCY_TIME_ZONE).toBe("Africa/Harare");
  });

  it("keeps a calendar day on its day", () => {
    expect(formatDate(calendarDay("2026-03-01"), "en-GB", "longDate")).toBe("1 March 2026");
    expect(formatDate(calendarDay("2026-03-01"), "en-GB", "dayMonth")).toBe("1 Mar");
  });

  it("ends a deadline day at midnight in the agency's zone, offset written out", () => {
    expect(endOfAgencyDay("2026-12-31")).toBe("2026-12-31T23:59:59+02:00");
    expect(Date.parse(endOfAgencyDay("2026-12-31"))).toBe(Date.parse("2026-12-31T21:59:59Z"));
  });
});

describe("formatMoney", () => {
  it("formats minor units in each currency and locale, however often and in whatever order", () => {
    for (let round = 0; round < 2; round++) {
      expect(formatMoney(123_456, "USD")).toBe("$1,234.56");
      expect(formatMoney(99, "EUR")).toBe("€0.99");
      expect(formatMoney(500_000, "GBP", "en-GB")).toBe("£5,000.00");
      expect(formatMoney(250_000, "EUR", "fr")).toBe("2\u202f500,00\u00a0€");
    }
  });
});

describe("formatSalary", () => {
  it("writes a salary range in the reader's language, cents only when there are any", () => {
    expect(formatSalary(38_000, 51_000, "EUR", "en")).toBe("€38,000 – €51,000");
    expect(formatSalary(38_000, 51_000, "EUR", "fr")).toBe("38\u202f000–51\u202f000\u00a0€");
    expect(formatSalary(12.71, 13.4, "EUR", "pt")).toBe("€\u00a012,71–13,40");
    expect(formatSalary(null, 2_000, "USD", "en")).toBe("$2,000");
  });
});

describe("one name for the agency's zone and one money format per language", () => {
  const at = new Date("2026-03-02T08:30:00Z");
  it("names the zone CAT in an appointment, whatever the language", () => {
    for (const locale of ["en", "en-ZW", "fr", "pt", "pt-PT"]) {
      expect(formatDate(at, locale, "appointment"), locale).toMatch(/10:30(\sAM)? CAT$/);
    }
    // Spaced as the engine's own format() spaces it (a browser's text must be the server's).
    expect(formatDate(at, "en", "appointment")).toBe(
      dateFormatter("en", { timeStyle: "short" })
        .format(at)
        .replace(/^/, "Monday, March 2, 2026 at ")
        .concat(" CAT"),
    );
  });
  it("writes Portuguese money the same way on pages (pt) and in e-mails (pt-PT)", () => {
    expect(formatMoney(9900, "USD", "pt")).toBe(formatMoney(9900, "USD", "pt-PT"));
    expect(formatMoney(9900, "USD", "pt")).toBe("99,00\u00a0US$");
  });
});

describe("reaching a person in one tap", () => {
  it("calls the number as typed, international or local, and opens WhatsApp on its digits", () => {
    expect(telLink("+263 77 123 4567")).toBe("tel:+263771234567");
    expect(telLink("077-123 4567")).toBe("tel:0771234567");
    expect(whatsappLink("+27 (82) 000 0000")).toBe("https://wa.me/27820000000");
  });
});
