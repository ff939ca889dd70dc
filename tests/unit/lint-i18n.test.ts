import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// eslint.config.js refuses words a person reads written in English in the code: each case lints a
// snippet as if it sat in app/ and expects the rule to fail it (or, for what may stay, to pass).

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  await eslint.lintText("export {};\n", { filePath: "app/routes/warm-up.tsx" }); // loads the plugins
}, 120_000);

async function literalText(code: string, filePath = "app/routes/public/new-page.tsx") {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((m) => m.ruleId === "passage/no-literal-text")
    .map((m) => m.message);
}

describe("no literal user-facing text", () => {
  it("fails English written in JSX, as text or as a literal child", async () => {
    expect(await literalText("export const A = () => <p>Apply now</p>;\n")).toEqual([
      expect.stringContaining("Literal text in JSX"),
    ]);
    expect(await literalText('export const A = () => <p>{"Apply now"}</p>;\n')).toHaveLength(1);
    expect(
      await literalText("export const A = () => <b>Hi</b>;\n", "app/components/widget.tsx"),
    ).toHaveLength(1);
  });

  it.each([
    {
      what: "a literal aria-label, placeholder or alt text",
      code: 'export const A = () => (<><button aria-label="Close" /><input placeholder="Search jobs" /><img alt={"A nurse"} src="/a.webp" /></>);\n',
      found: ["Literal aria-label", "Literal placeholder", "Literal alt"],
    },
    {
      what: "an English title or description in a page's meta",
      code: 'import { publicPageMeta } from "~/app/lib/seo";\nexport const meta = publicPageMeta(() => ({ title: "About Us", description: `Who we are`, path: "/about" }));\n',
      found: ["Literal title in a page's meta", "Literal description in a page's meta"],
    },
  ])("fails $what", async ({ code, found }) => {
    expect(await literalText(code)).toEqual(
      found.map((message) => expect.stringContaining(message)),
    );
  });

  it("lets through translations, data, signs, addresses and brand names", async () => {
    const code = [
      'import { useTranslation } from "react-i18next";',
      "export function A({ name }: { name: string }) {",
      '  const { t } = useTranslation("jobs");',
      '  return (<p aria-label={t("list.title")} title={name}>{t("list.title")} · 404 → {name} /news/ <a href="https://wa.me/1">WhatsApp</a> Passage</p>);',
      "}",
      "",
    ].join("\n");
    expect(await literalText(code)).toEqual([]);
  });
});
