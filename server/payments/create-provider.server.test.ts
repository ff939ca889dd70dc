import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "~/server/config.server";
import { setLogger } from "~/server/logger.server";
import { createPaymentProvider, createPaymentProviders } from "./create-provider.server";

function captureLogs() {
  const lines: { level: number; msg: string }[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  setLogger(pino({ level: "info" }, stream));
  return lines;
}

describe("choosing the payment provider", () => {
  it("refuses to start in production when no provider was chosen", () => {
    captureLogs();
    const config = loadConfig({ NODE_ENV: "production" });
    expect(() => createPaymentProvider(config)).toThrow(/PAYMENT_PROVIDER/);
  });

  it("runs the simulated provider in production only when chosen, with a warning", async () => {
    const logs = captureLogs();
    const config = loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "simulated" });
    expect(createPaymentProvider(config).name).toBe("simulated");
    await new Promise((resolve) => setImmediate(resolve));
    expect(logs.some((l) => l.level === 40 && /no money moves/i.test(l.msg))).toBe(true);
  });

  it("keeps the simulated provider as the quiet default in development and tests", async () => {
    const logs = captureLogs();
    for (const NODE_ENV of ["development", "test"]) {
      expect(createPaymentProvider(loadConfig({ NODE_ENV })).name).toBe("simulated");
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(logs.filter((l) => l.level >= 40)).toEqual([]);
  });

  /** A production server taking payments through Paystack. */
  const paystackLive = {
    NODE_ENV: "production",
    PAYMENT_PROVIDER: "paystack",
    PAYSTACK_SECRET_KEY: "sk_live_x",
  };

  it("uses Paystack when chosen, and needs its secret key", () => {
    captureLogs();
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "paystack" })).toThrow(
      /PAYSTACK_SECRET_KEY/,
    );
    const config = loadConfig(paystackLive);
    expect(createPaymentProvider(config).name).toBe("paystack");
  });

  it("offers Paynow beside the main provider when its integration is set, and needs both id and key", () => {
    captureLogs();
    expect(() =>
      loadConfig({ ...paystackLive, PAYSTACK_SECRET_KEY: "sk", PAYNOW_INTEGRATION_ID: "1" }),
    ).toThrow(/PAYNOW_INTEGRATION_KEY/);
    expect(() => loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "paynow" })).toThrow(
      /PAYNOW_INTEGRATION_ID/,
    );
    const config = loadConfig({
      ...paystackLive,
      PAYNOW_INTEGRATION_ID: "1201",
      PAYNOW_INTEGRATION_KEY: "key",
      BASE_URL: "https://passage.example",
    });
    expect(createPaymentProviders(config).map((p) => p.name)).toEqual(["paystack", "paynow"]);
    expect(config.payments.paynow).toMatchObject({
      baseUrl: "https://www.paynow.co.zw",
      currency: "USD",
    });
    const alone = loadConfig({ NODE_ENV: "test" });
    expect(createPaymentProviders(alone).map((p) => p.name)).toEqual(["simulated"]);
  });
});
