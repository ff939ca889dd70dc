import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  isValidPaynowHash,
  parsePaynowMessage,
  paynowAmountToMinor,
  paynowHash,
} from "./paynow.server";

const KEY = "3e9fed89-60e1-4ce5-ab6e-6b1eb2d4f977";

describe("Paynow's hash", () => {
  it("is the SHA-512 of the values in order, then the integration key, in uppercase hex", () => {
    const body =
      "reference=PAY_1&paynowreference=123&amount=99.00&status=Paid&pollurl=https%3A%2F%2Fwww.paynow.co.zw%2FInterface%2FCheckPayment%2F%3Fguid%3Dabc";
    const expected = crypto
      .createHash("sha512")
      .update("PAY_112399.00Paidhttps://www.paynow.co.zw/Interface/CheckPayment/?guid=abc" + KEY)
      .digest("hex")
      .toUpperCase();
    const message = parsePaynowMessage(body);
    expect(paynowHash(message, KEY)).toBe(expected);
    expect(isValidPaynowHash(parsePaynowMessage(`${body}&hash=${expected}`), KEY)).toBe(true);
    expect(
      isValidPaynowHash(parsePaynowMessage(`${body}&hash=${expected.toLowerCase()}`), KEY),
    ).toBe(true);
    expect(isValidPaynowHash(parsePaynowMessage(body), KEY)).toBe(false);
    expect(isValidPaynowHash(parsePaynowMessage(`${body}&hash=${expected}`), "other")).toBe(false);
    const altered = body.replace("99.00", "9.00");
    expect(isValidPaynowHash(parsePaynowMessage(`${altered}&hash=${expected}`), KEY)).toBe(false);
  });

  it("reads Paynow's amounts into minor units", () => {
    expect(paynowAmountToMinor("99.00")).toBe(9900);
    expect(paynowAmountToMinor("1500")).toBe(150000);
    expect(paynowAmountToMinor("0.5")).toBe(50);
    for (const bad of [undefined, "", "abc", "-1.00", "1e3"])
      expect(paynowAmountToMinor(bad)).toBeNull();
  });
});
