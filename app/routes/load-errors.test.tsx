import i18next from "i18next";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import {
  createStaticHandler,
  createStaticRouter,
  Outlet,
  type RouteObject,
  StaticRouterProvider,
  UNSAFE_ErrorResponseImpl as ErrorResponse,
  useRouteError,
} from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/app/routes";
import { i18nOptions } from "~/app/i18n/config";

// A page whose data cannot be loaded keeps the frame around it (the admin shell, the site header)
// and says so in the spec's words. The loaders here are made to fail on purpose: each page's own
// ErrorBoundary is rendered by React Router exactly as it would be when the database is down.

const locales = import.meta.glob<{ default: Record<string, unknown> }>("../locales/en/*.json", {
  eager: true,
});
const i18n = i18next.createInstance();
beforeAll(async () => {
  const resources = Object.fromEntries(
    Object.entries(locales).map(([file, mod]) => [/([^/]+)\.json$/.exec(file)![1]!, mod.default]),
  );
  await i18n
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: "en", ns: Object.keys(resources), resources: { en: resources } });
});

type RouteEntry = {
  id?: string;
  file: string;
  path?: string;
  index?: boolean;
  children?: RouteEntry[];
};
const modules = import.meta.glob<Record<string, unknown>>("./**/*.tsx");

/** Renders `entry`'s page under a stand-in frame, its loader failing with `failure`. */
async function renderFailing(entry: RouteEntry, failure: unknown) {
  const mod = await modules[`./${entry.file.replace(/^routes\//, "")}`]!();
  const Boundary = mod.ErrorBoundary as React.ComponentType<{ error: unknown }>;
  const page: RouteObject = {
    id: "page",
    index: true,
    loader: () => {
      throw failure;
    },
    Component: mod.default as React.ComponentType,
    // Framework mode hands the boundary the error as a prop; so does this stand-in.
    ErrorBoundary: mod.ErrorBoundary ? () => <Boundary error={useRouteError()} /> : undefined,
  };
  const frame: RouteObject = {
    id: "frame",
    path: "/page",
    Component: () => (
      <div data-frame="">
        <Outlet />
      </div>
    ),
    ErrorBoundary: () => <p>frame lost</p>,
    children: [page],
  };
  const handler = createStaticHandler([frame]);
  const context = await handler.query(new Request("http://localhost/page?x=1"));
  if (context instanceof Response) throw new Error("unexpected redirect");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </I18nextProvider>,
  );
}

const backOffice = (routes as RouteEntry[]).find((r) => r.path === "admin")!.children!;

describe("a back-office page whose data fails to load", { timeout: 30_000 }, () => {
  it.each(backOffice.map((r) => [r.id ?? r.file, r] as const))(
    "%s shows the load-failure message inside the admin shell",
    async (_id, entry) => {
      const html = await renderFailing(entry, new Error("database unreachable"));
      expect(html).not.toContain("frame lost");
      const inFrame = /<div data-frame="">([\s\S]*)<\/div>$/.exec(html)?.[1] ?? "";
      expect(inFrame).toMatch(/Failed to (fetch|load) [a-z]/);
    },
  );
});

describe("a job page whose data fails to load", { timeout: 30_000 }, () => {
  const detail = JSON.stringify(routes).includes("routes/jobs/detail.tsx");
  const entry: RouteEntry = { file: "routes/jobs/detail.tsx" };

  it("says 'Failed to load job details' and offers to try again", async () => {
    expect(detail).toBe(true);
    const html = await renderFailing(entry, new Error("database unreachable"));
    expect(html).not.toContain("frame lost");
    expect(html).toContain("Failed to load job details");
    expect(html).toMatch(/<a [^>]*href="\/page\?x=1"[^>]*>Try again<\/a>/);
  });

  it("still reads as not found for an unknown job", async () => {
    const html = await renderFailing(entry, new ErrorResponse(404, "Not Found", null));
    expect(html).toContain("Oops! Page not found");
  });
});
