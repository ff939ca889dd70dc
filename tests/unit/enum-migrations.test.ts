import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import * as schema from "~/server/db/schema";

// The database's enum types are built from the lists in domain/enums.ts: a list whose values or
// order drift from what the migrations created would need a migration nobody generated.
const migrations = path.resolve(__dirname, "../../server/db/migrations/meta");
const latest = fs
  .readdirSync(migrations)
  .filter((name) => name.endsWith("_snapshot.json"))
  .sort()
  .at(-1)!;
const snapshot = JSON.parse(fs.readFileSync(path.join(migrations, latest), "utf8")) as {
  enums: Record<string, { values: string[] }>;
};

const enums = Object.values(schema).filter(
  (value): value is { enumName: string; enumValues: string[] } & typeof value =>
    typeof value === "function" && "enumName" in value && "enumValues" in value,
);

describe("the enum lists of domain/enums.ts", () => {
  it("finds the schema's enum types", () => {
    expect(enums.map((e) => e.enumName)).toContain("application_status");
  });

  it.each(enums.map((e) => [e.enumName, e.enumValues] as const))(
    "%s has the values, in the order, of the latest migration",
    (name, values) => {
      expect(snapshot.enums[`public.${name}`]?.values).toEqual(values);
    },
  );
});
