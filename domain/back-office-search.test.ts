import { describe, expect, it } from "vitest";
import { BackOfficeQuerySchema, phoneDigitsOf } from "./back-office-search";

describe("the back-office search", () => {
  it("reads a phone number however it is written, and nothing else as one", () => {
    expect(phoneDigitsOf("+263 77 100 0001")).toBe("263771000001");
    expect(phoneDigitsOf("077 100-0001")).toBe("771000001");
    expect(phoneDigitsOf("(082) 100")).toBe("82100");
    expect(phoneDigitsOf("123")).toBeNull();
    expect(phoneDigitsOf("Rudo 0771")).toBeNull();
  });

  it("asks for two characters at least", () => {
    expect(BackOfficeQuerySchema.safeParse({ q: " a " }).success).toBe(false);
    expect(BackOfficeQuerySchema.parse({ q: " Rudo " })).toEqual({ q: "Rudo" });
  });
});
