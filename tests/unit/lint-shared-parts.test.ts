import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

// A cached HTML part (CachedHtml) is written from memory for everyone whose key matches: nothing
// of the viewer may be in it (eslint.config.js, passage/no-viewer-in-shared-part). Each case lints
// a screen as if it sat in app/components/.

let eslint: ESLint;
beforeAll(async () => {
  eslint = new ESLint({ cwd: process.cwd() });
  await eslint.lintText("export {};\n", { filePath: "app/components/warm-up.tsx" });
}, 120_000);

async function sharedPartErrors(body: string) {
  const code = `import { CachedHtml } from "~/app/lib/cached-html";
import { useRootData } from "~/app/lib/root-data";
function audiencesOf(viewer: unknown) {
  return viewer ? ["staff"] : [];
}
export function Screen() {
  const { viewer, settings } = useRootData();
${body}
}
`;
  const [result] = await eslint.lintText(code, { filePath: "app/components/shared-part.tsx" });
  return result!.messages
    .filter((m) => m.ruleId === "passage/no-viewer-in-shared-part")
    .map((m) => m.message);
}

describe("a cached part holds nothing of the viewer", () => {
  it("fails a part that shows the viewer's name", async () => {
    expect(
      await sharedPartErrors(
        `  return <CachedHtml cacheKey="card">{viewer?.fullName}</CachedHtml>;`,
      ),
    ).toEqual([expect.stringContaining("'viewer' comes from the viewer")]);
  });

  it("fails a part that uses a value made from the viewer, however many steps away", async () => {
    const errors = await sharedPartErrors(`  const who = viewer ? viewer.email : "";
  const greeting = [who, settings.agencyName].join(" ");
  return <CachedHtml cacheKey="card">{() => <p>{greeting}</p>}</CachedHtml>;`);
    expect(errors).toEqual([expect.stringContaining("'greeting' comes from the viewer")]);
  });

  it("fails a part keyed by the viewer (one copy per person is not a shared part)", async () => {
    const errors = await sharedPartErrors(
      "  return <CachedHtml cacheKey={`menu:${viewer?.id}`}>{settings.agencyName}</CachedHtml>;",
    );
    expect(errors).toEqual([expect.stringContaining("comes from the viewer")]);
  });

  it("fails a part that reads the session", async () => {
    const errors = await sharedPartErrors(
      '  const data = useRootData() as { session?: { id: string } };\n  return <CachedHtml cacheKey="x">{data.session?.id}</CachedHtml>;',
    );
    expect(errors).toEqual([expect.stringContaining("'session' comes from the viewer")]);
  });

  it("lets a part use shared values, a group the viewer is in, and the viewer outside it", async () => {
    const errors = await sharedPartErrors(`  const audiences = audiencesOf(viewer);
  return (
    <CachedHtml cacheKey={\`nav:\${audiences.join(",")}\`} aria-label={viewer?.fullName ?? ""}>
      {() => (audiences.includes("staff") ? settings.agencyName : settings.tagline)}
    </CachedHtml>
  );`);
    expect(errors).toEqual([]);
  });
});
