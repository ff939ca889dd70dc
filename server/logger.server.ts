import pino from "pino";
import { lookupOptional, register } from "./registry.server";

export type Logger = pino.Logger;

export function createLogger(level: string, pretty: boolean): Logger {
  return pino({
    level,
    base: undefined,
    redact: ["req.headers.cookie", "req.headers.authorization", "*.password"],
    ...(pretty ? { transport: { target: "pino-pretty", options: { singleLine: true } } } : {}),
  });
}

export function logger(): Logger {
  return (
    lookupOptional<Logger>("logger") ?? register("logger", pino({ level: "info", base: undefined }))
  );
}

export function setLogger(value: Logger) {
  register("logger", value);
}
