import { describe, expect, it } from "vitest";
import { ProfileSchema, profileCompletion } from "./profile";

describe("profile completion", () => {
  it("is the rounded share of full name, phone, country and WhatsApp that are filled", () => {
    expect(profileCompletion({})).toBe(0);
    expect(profileCompletion({ fullName: "Rudo" })).toBe(25);
    expect(profileCompletion({ fullName: "Rudo", country: "Zimbabwe" })).toBe(50);
    expect(profileCompletion({ fullName: "Rudo", country: "Zimbabwe", phoneNumber: "+263" })).toBe(
      75,
    );
    expect(
      profileCompletion({
        fullName: "Rudo",
        country: "Zimbabwe",
        phoneNumber: "+263",
        whatsappNumber: "+263",
      }),
    ).toBe(100);
  });

  it("counts blank and whitespace-only values as missing", () => {
    expect(
      profileCompletion({
        fullName: "  ",
        country: "Zimbabwe",
        phoneNumber: "",
        whatsappNumber: null,
      }),
    ).toBe(25);
  });
});

describe("profile schema", () => {
  it("requires full name and country with their own messages", () => {
    const result = ProfileSchema.safeParse({ fullName: " ", country: "" });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toContain("profile.errors.fullNameRequired");
    expect(messages).toContain("profile.errors.countryRequired");
  });

  it("allows only the applicant roles", () => {
    expect(ProfileSchema.safeParse({ fullName: "A", country: "B", role: "admin" }).success).toBe(
      false,
    );
    expect(
      ProfileSchema.parse({ fullName: "A", country: "B", role: "student_applicant" }).role,
    ).toBe("student_applicant");
  });

  it("reads the e-mail opt-in checkbox and blanks optional numbers", () => {
    const v = ProfileSchema.parse({ fullName: "A", country: "B", phoneNumber: "  " });
    expect(v.emailNotifications).toBe(false);
    expect(v.phoneNumber).toBeNull();
    expect(
      ProfileSchema.parse({ fullName: "A", country: "B", emailNotifications: "on" })
        .emailNotifications,
    ).toBe(true);
  });
});
