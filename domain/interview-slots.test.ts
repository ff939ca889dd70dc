import { describe, expect, it } from "vitest";
import { MAX_SLOTS_AT_ONCE, slotStarts } from "./interview-slots";

describe("the times a publish form asks for", () => {
  it("is the one time without an end", () => {
    expect(slotStarts({ time: "09:00", durationMinutes: 30 })).toEqual(["09:00"]);
  });

  it("fills a morning, each interview ending by the end time, with the break between", () => {
    expect(
      slotStarts({ time: "09:00", until: "12:00", durationMinutes: 45, gapMinutes: 15 }),
    ).toEqual(["09:00", "10:00", "11:00"]);
    expect(slotStarts({ time: "08:30", until: "10:00", durationMinutes: 30 })).toEqual([
      "08:30",
      "09:00",
      "09:30",
    ]);
  });

  it("is empty when the end leaves no room for one, and never more than the cap", () => {
    expect(slotStarts({ time: "09:00", until: "09:20", durationMinutes: 30 })).toEqual([]);
    expect(slotStarts({ time: "00:00", until: "23:59", durationMinutes: 15 })).toHaveLength(
      MAX_SLOTS_AT_ONCE,
    );
  });
});
