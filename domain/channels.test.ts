import { describe, expect, it } from "vitest";
import { isE164, isStopReply } from "./channels";

describe("phone channels", () => {
  it("take STOP and its French and Portuguese words as a stop, and nothing longer", () => {
    for (const text of ["STOP", "stop", " Stop. ", "ARRÊT", "arreter", "Parar!", "unsubscribe"]) {
      expect(isStopReply(text), text).toBe(true);
    }
    for (const text of ["stop sending me jobs please", "Don't stop", "STOPPED", ""]) {
      expect(isStopReply(text), text).toBe(false);
    }
  });

  it("write only to numbers read as E.164", () => {
    expect(isE164("+263771234567")).toBe(true);
    expect(isE164("0771234567")).toBe(false);
    expect(isE164("+263 77 123 4567")).toBe(false);
    expect(isE164(null)).toBe(false);
  });
});
