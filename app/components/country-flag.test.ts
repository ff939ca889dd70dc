import { describe, expect, it } from "vitest";
import { flagEmoji } from "./country-flag";

describe("flagEmoji", () => {
  it("builds the flag from the two-letter code, in any case", () => {
    expect(flagEmoji("ZA")).toBe("🇿🇦");
    expect(flagEmoji("ie")).toBe("🇮🇪");
  });
  it("falls back to a globe", () => {
    expect(flagEmoji(null)).toBe("🌍");
    expect(flagEmoji("XYZ")).toBe("🌍");
    expect(flagEmoji("")).toBe("🌍");
  });
});
