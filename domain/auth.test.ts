import { describe, expect, it } from "vitest";
import { SignUpSchema } from "./accounts";
import { safeRedirect } from "./auth";

const valid = {
  fullName: "Rudo Moyo",
  email: "Rudo@Example.com ",
  country: "Zimbabwe",
  role: "job_seeker",
  password: "long-enough",
  confirmPassword: "long-enough",
  acceptPolicies: "on",
};

describe("SignUpSchema", () => {
  it("accepts a complete sign-up and normalises the e-mail", () => {
    const result = SignUpSchema.parse(valid);
    expect(result.email).toBe("rudo@example.com");
    expect(result.phoneNumber).toBeUndefined();
  });

  it("needs the terms and privacy policy accepted; the marketing box is optional", () => {
    const { acceptPolicies: _, ...unticked } = valid;
    const result = SignUpSchema.safeParse(unticked);
    expect(result.error!.issues.map((i) => [i.path[0], i.message])).toEqual([
      ["acceptPolicies", "errors.acceptPoliciesRequired"],
    ]);
    expect(SignUpSchema.parse(valid).marketingEmails).toBeUndefined();
    expect(SignUpSchema.parse({ ...valid, marketingEmails: "on" }).marketingEmails).toBe("on");
  });

  it("says 'Passwords do not match' even before the consent box is ticked", () => {
    const { acceptPolicies: _, ...unticked } = valid;
    const result = SignUpSchema.safeParse({ ...unticked, confirmPassword: "different-one" });
    expect(result.error!.issues.map((i) => i.message)).toContain("errors.passwordsDoNotMatch");
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
    expect(safeRedirect("/dashboard/profile")).toBe("/dashboard/profile");
    expect(safeRedirect("/jobs?q=nurse#top")).toBe("/jobs?q=nurse#top");
    expect(safeRedirect("/authors")).toBe("/authors");
  });

  // Each of these is turned into another host by a browser (which drops tabs and newlines, reads
  // "\" as "/" and resolves "//host" against the current scheme) or is not a path at all.
  it.each([
    ["another origin", "https://evil.example"],
    ["scheme-relative", "//evil.example"],
    ["scheme-relative with a path", "//evil.example/jobs"],
    ["backslash after the slash", "/\\evil.example"],
    ["two backslashes", "\\\\evil.example"],
    ["tab between the slashes", "/\t/evil.example"],
    ["newline between the slashes", "/\n/evil.example"],
    ["carriage return between the slashes", "/\r/evil.example"],
    ["leading space", " //evil.example"],
    ["leading tab", "\t//evil.example"],
    ["NUL byte", "/\u0000/evil.example"],
    ["other control character", "/\u001f/evil.example"],
    ["DEL character", "/\u007f/evil.example"],
    ["encoded slash", "/%2F/evil.example"],
    ["encoded slash lower case", "/%2f%2fevil.example"],
    ["encoded backslash", "/%5Cevil.example"],
    ["encoded tab", "/%09/evil.example"],
    ["double-encoded slash", "/%252F/evil.example"],
    ["javascript: URL", "javascript:alert(1)"],
    ["javascript: URL in capitals with spaces", "  JavaScript:alert(1)"],
    ["data: URL", "data:text/html,<script>alert(1)</script>"],
    ["no leading slash", "evil.example"],
    ["dot segments that climb out", "/..//evil.example"],
    ["empty", ""],
    ["only a slash and a tab", "/\t"],
  ])("refuses %s", (_label, bad) => {
    expect(safeRedirect(bad)).toBe("/");
  });

  it("refuses a value that is not text", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null)).toBe("/");
  });

  it("does not send a user back to the sign-in page", () => {
    expect(safeRedirect("/auth?tab=signup", "/dashboard")).toBe("/dashboard");
    expect(safeRedirect("/auth/reset-password", "/dashboard")).toBe("/dashboard");
  });
});
