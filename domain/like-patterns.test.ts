import { describe, expect, it } from "vitest";
import { containsPattern, startsWithPattern } from "./like-patterns";

describe("LIKE patterns", () => {
  it("escape LIKE wildcards so the text is matched literally", () => {
    expect(containsPattern("100%_\\")).toBe("%100\\%\\_\\\\%");
    expect(containsPattern("nurse")).toBe("%nurse%");
    expect(startsWithPattern("50%-off_")).toBe("50\\%-off\\_%");
  });
});
