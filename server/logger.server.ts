import pino from "pino";
import { lookupOptional, register } from "./registry.server";

export type Logger = pino.Logger;

/**
 * Log lines name people by id, never by address, name, phone or mail subject: the log
 * outlives an erased account. These keys are censored should a call ever pass one; nested paths
 * (`*.email`) would nearly double the cost of every request line (4.0 -> 7.7 µs) for shapes no
 * call logs, so only `*.password` is looked for below the top.
 */
const REDACT = [
  "req.headers.cookie",
  "req.headers.authorization",
  "*.password",
  "email",
  "to",
  "replyTo",
  "subject",
  "fullName",
  "phone",
  "phoneNumber",
];

const ADDRESS = /[^\s@<>"'(),;:[\]]+@[^\s@<>"'(),;:[\]]+\.[^\s@<>"'(),;:[\]]+/g;

/** `text` with every e-mail address in it replaced, for free text that goes to the log. */
export function withoutAddresses(text: string): string {
  return text.replace(ADDRESS, "[address]");
}

/**
 * A value as pino writes it with every address in its text removed: an error (an SMTP refusal
 * names its recipient, a unique-key error its value) or what a library logs with its message.
 */
function scrub(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return withoutAddresses(value);
  if (!value || typeof value !== "object" || depth > 4) return value;
  if (Array.isArray(value)) return value.map((v) => scrub(v, depth + 1));
  let fields: object = value;
  if (Object.getPrototypeOf(value) !== Object.prototype) {
    fields = pino.stdSerializers.err(value as Error);
    // Not an error (a Date, a Buffer): written as pino writes it.
    if (fields === value) return value;
  }
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, scrub(v, depth + 1)]));
}

/**
 * How lines are written: `json` (one object a line, for a log collector: production's default),
 * `text` ("WARN  message key=value", for a person at a terminal: `npm start`), or `pretty`
 * (pino-pretty, a development dependency: `npm run dev`).
 */
export type LogFormat = "json" | "text" | "pretty";

const LEVEL_NAMES: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO ",
  40: "WARN ",
  50: "ERROR",
  60: "FATAL",
};

/** Writes pino's JSON lines as short text lines. */
export function textDestination(
  out: NodeJS.WritableStream = process.stdout,
): pino.DestinationStream {
  return {
    write(line: string) {
      const { level, time: _time, msg, ...fields } = JSON.parse(line) as Record<string, unknown>;
      const extra = Object.entries(fields)
        .map(([k, v]) => ` ${k}=${typeof v === "string" ? v : JSON.stringify(v)}`)
        .join("");
      out.write(`${LEVEL_NAMES[level as number] ?? level} ${String(msg ?? "")}${extra}\n`);
    },
  };
}

export function createLogger(
  level: string,
  format: LogFormat,
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: undefined,
    redact: REDACT,
    serializers: { err: scrub, args: scrub },
  };
  if (destination) return pino(options, destination);
  if (format === "text") return pino(options, textDestination());
  return pino({
    ...options,
    ...(format === "pretty"
      ? { transport: { target: "pino-pretty", options: { singleLine: true } } }
      : {}),
  });
}

export function logger(): Logger {
  return lookupOptional<Logger>("logger") ?? register("logger", createLogger("info", "json"));
}

export function setLogger(value: Logger) {
  register("logger", value);
}
