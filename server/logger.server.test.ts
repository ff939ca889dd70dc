import { Writable } from "node:stream";
import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";
import { textDestination } from "./logger.server";

describe("log format", () => {
  it("is JSON for a collector in production, text for npm start, pretty in development", () => {
    expect(loadConfig({ NODE_ENV: "production" }).logFormat).toBe("json");
    expect(loadConfig({ NODE_ENV: "development" }).logFormat).toBe("pretty");
    expect(loadConfig({ NODE_ENV: "production", LOG_FORMAT: "text" }).logFormat).toBe("text");
    expect(() => loadConfig({ LOG_FORMAT: "xml" })).toThrow(/LOG_FORMAT/);
  });

  it("writes a text line a person can read: level, message, fields", () => {
    let written = "";
    const out = new Writable({
      write(chunk, _encoding, done) {
        written += String(chunk);
        done();
      },
    });
    const log = pino({ base: undefined }, textDestination(out));
    log.warn({ port: 3000, worker: { id: 2 } }, "slow start");
    expect(written).toBe('WARN  slow start port=3000 worker={"id":2}\n');
  });
});
