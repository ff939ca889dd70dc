import { describe, expect, it } from "vitest";
import { safeRedirect, SignUpSchema } from "./auth";

const valid = {
  fullName: "Rudo Moyo",
  email: "Rudo@Example.com ",
  country: "Zimbabwe",
  role: "job_seeker",
  password: "long-enough",
  confirmPassword: "long-enough",
};

describe("SignUpSchema", () => {
  it("accepts a complete sign-up and normalises the e-mail", () => {
    const result = SignUpSchema.parse(valid);
    expect(result.email).toBe("rudo@example.com");
    expect(result.phoneNumber).toBeUndefined();
  });

  it("says 'Passwords do not match' on the confirmation field", () => {
    const result = SignUpSchema.safeParse({ ...valid, confirmPassword: "different-one" });
    expect(result.success).toBe(false);
    const issue = result.error!.issues.find((i) => i.path[0] === "confirmPassword");
    expect(issue?.message).toBe("errors.passwordsDoNotMatch");
  });

  it("requires at least 8 characters", () => {
    const result = SignUpSchema.safeParse({
      ...valid,
      password: "1234567",
      confirmPassword: "1234567",
    });
    expect(result.error!.issues.map((i) => i.message)).toContain("errors.passwordTooShort");
    expect(
      SignUpSchema.safeParse({ ...valid, password: "12345678", confirmPassword: "12345678" })
        .success,
    ).toBe(true);
  });

  it("only offers the two applicant roles", () => {
    expect(SignUpSchema.safeParse({ ...valid, role: "student_applicant" }).success).toBe(true);
    for (const role of ["agent", "manager", "admin", "super_admin", ""]) {
      expect(SignUpSchema.safeParse({ ...valid, role }).success).toBe(false);
    }
  });

  it("requires full name, country and a valid e-mail; phone numbers are optional", () => {
    const result = SignUpSchema.safeParse({
      ...valid,
      fullName: " ",
      country: "",
      email: "not-an-email",
    });
    const messages = result.error!.issues.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "errors.fullNameRequired",
        "errors.countryRequired",
        "errors.emailInvalid",
      ]),
    );
  });
});

describe("safeRedirect", () => {
  it("keeps same-site paths", () => {
    expect(safeRedirect("/jobs/123?x=1")).toBe("/jobs/123?x=1");
  });
  it("refuses other hosts, protocol-relative and backslash tricks", () => {
    for (const bad of [
      "https://evil.example",
      "//evil.example",
      "/\\evil.example",
      "javascript:alert(1)",
      "",
    ]) {
      expect(safeRedirect(bad)).toBe("/");
    }
  });
  it("does not send a user back to the sign-in page", () => {
    expect(safeRedirect("/auth?tab=signup", "/dashboard")).toBe("/dashboard");
  });
});
