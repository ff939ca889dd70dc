import { describe, expect, it } from "vitest";
import { normalizeZimbabweMobile, PayFormSchema } from "./payments";

describe("mobile money numbers", () => {
  it("reads a Zimbabwean mobile number however it is typed", () => {
    for (const typed of [
      "0771234567",
      "077 123 4567",
      "+263 77 123 4567",
      "263771234567",
      "(077) 123-4567",
    ]) {
      expect(normalizeZimbabweMobile(typed)).toBe("0771234567");
    }
    for (const wrong of ["", "12345", "0241234567", "+27821234567", "07712345678"]) {
      expect(normalizeZimbabweMobile(wrong)).toBeNull();
    }
  });

  it("asks for a number only for a wallet, and one of that wallet's network", () => {
    expect(PayFormSchema.parse({ method: "card" })).toEqual({ method: "card", phone: null });
    expect(PayFormSchema.parse({ method: "onemoney", phone: "+263 71 123 4567" })).toEqual({
      method: "onemoney",
      phone: "0711234567",
    });
    const issues = (input: unknown) =>
      PayFormSchema.safeParse(input).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ method: "ecocash" })).toEqual(["errors.phoneRequired"]);
    expect(issues({ method: "ecocash", phone: "0711234567" })).toEqual(["errors.notEcocash"]);
    expect(issues({ method: "bitcoin" })).toEqual(["errors.methodRequired"]);
  });
});
