import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A key written out in the back-office's code must name a text, not a group of texts: when a key
// that was a text became a group (the applicant page's "applicant.phone" became the WhatsApp and
// SMS card's texts), the page showed "applicant.phone" as the phone's label, and the types did not
// mind. This reads the source: t("…") in files that use the back-office's translator (useAdminT,
// the admin namespace) and tc("…") (the common namespace), each looked up in English.

const root = path.resolve(__dirname, "..", "..");
const strings = (ns: string) =>
  JSON.parse(fs.readFileSync(path.join(root, "app/locales/en", `${ns}.json`), "utf8")) as Record<
    string,
    unknown
  >;

/** What a key names in a namespace: "text" (a string, or a plural's forms), "group", or "missing". */
export function keyKind(tree: Record<string, unknown>, key: string): "text" | "group" | "missing" {
  const parts = key.split(".");
  const last = parts.pop()!;
  let node: unknown = tree;
  for (const part of parts) node = (node as Record<string, unknown> | undefined)?.[part];
  const parent = node as Record<string, unknown> | undefined;
  const value = parent?.[last];
  if (typeof value === "string") return "text";
  if (typeof parent?.[`${last}_one`] === "string" || typeof parent?.[`${last}_other`] === "string")
    return "text";
  return value === undefined ? "missing" : "group";
}

function literalKeys(call: "t" | "tc") {
  const files = (fs.readdirSync(path.join(root, "app"), { recursive: true }) as string[])
    .filter((f) => f.endsWith(".tsx") && !f.endsWith(".test.tsx"))
    .map((f) => path.join(root, "app", f));
  const found: { file: string; key: string }[] = [];
  for (const file of files) {
    const source = fs.readFileSync(file, "utf8");
    if (!source.includes("useAdminT")) continue;
    for (const match of source.matchAll(new RegExp(`\\b${call}\\(\\s*"([\\w.]+)"`, "g")))
      found.push({ file: path.relative(root, file), key: match[1]! });
  }
  return found;
}

describe("keys written out in the back-office's code", () => {
  it("name a text of the admin namespace (t) or the common one (tc)", () => {
    const admin = strings("admin");
    const common = strings("common");
    const wrong = [
      ...literalKeys("t").map((k) => ({ ...k, kind: keyKind(admin, k.key) })),
      ...literalKeys("tc").map((k) => ({ ...k, kind: keyKind(common, k.key) })),
    ].filter((k) => k.kind !== "text");
    expect(wrong.map((k) => `${k.file}: ${k.key} is ${k.kind}`)).toEqual([]);
    // The check reads something: the back-office writes hundreds of keys out.
    expect(literalKeys("t").length).toBeGreaterThan(300);
  });

  it("tells a text from a group and from a missing key", () => {
    const tree = { a: { b: "text", c: { d: "x" }, n_one: "one", n_other: "many" } };
    expect(keyKind(tree, "a.b")).toBe("text");
    expect(keyKind(tree, "a.c")).toBe("group");
    expect(keyKind(tree, "a.n")).toBe("text");
    expect(keyKind(tree, "a.z")).toBe("missing");
  });
});
