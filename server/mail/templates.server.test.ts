import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "~/domain/settings";
import {
  contactInquiryReceivedEmail,
  interviewScheduledEmail,
  paymentReceiptEmail,
} from "./templates.server";

const settings = { ...DEFAULT_SITE_SETTINGS, agencyName: "Passage Test Agency" };
const baseUrl = "https://passage.example";

describe("mail templates", () => {
  it("escapes what a visitor typed in the HTML body and keeps it whole in the text body", () => {
    const mail = contactInquiryReceivedEmail({
      settings,
      baseUrl,
      inquiry: {
        name: "<script>alert(1)</script>",
        email: "x@example.com",
        subject: "Hi\r\nBcc: victim@example.com",
        message: 'Tom & "Jerry" <b>bold</b>',
      },
    });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(mail.html).toContain("Tom &amp; &quot;Jerry&quot; &lt;b&gt;bold&lt;/b&gt;");
    expect(mail.text).toContain('Tom & "Jerry" <b>bold</b>');
    // A line break in a subject would be a header injection.
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.text).toContain("https://passage.example/admin/inquiries");
  });

  it("carries the agency's name and contact details from settings in both bodies", () => {
    const mail = paymentReceiptEmail({
      settings,
      baseUrl,
      name: "Rudo",
      amountMinor: 9900,
      currency: "USD",
      reference: "PAY_123",
      paidAt: new Date("2026-01-05T10:00:00Z"),
    });
    for (const body of [mail.text, mail.html]) {
      expect(body).toContain("Passage Test Agency");
      expect(body).toContain(settings.contactEmail);
      expect(body).toContain(settings.offices[0]!.city);
    }
    expect(mail.subject).toBe("Payment received: $99.00 (PAY_123)");
  });

  it("shows the interview date in Central Africa Time", () => {
    const mail = interviewScheduledEmail({
      settings,
      baseUrl,
      name: "Rudo",
      jobTitle: "Welder",
      interviewDate: new Date("2026-03-02T08:30:00Z"),
    });
    expect(mail.text).toContain("Monday, 2 March 2026 at 10:30 CAT");
  });
});
