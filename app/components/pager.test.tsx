import i18next from "i18next";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import common from "~/app/locales/en/common.json";
import { i18nOptions } from "~/app/i18n/config";
import { cappedPage, exactPage } from "~/domain/pagination";
import { Pager } from "./pager";

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ ...i18nOptions, lng: "en", resources: { en: { common } } });
});

/** The pager on /jobs?q=nurse, in a data router as on the site (its links read the root's locale). */
function render(
  page: ReturnType<typeof cappedPage> | ReturnType<typeof exactPage>,
  { param, at = `/jobs?q=nurse&page=${page.page}` }: { param?: string; at?: string } = {},
) {
  const router = createMemoryRouter(
    [
      {
        id: "root",
        path: "*",
        loader: () => ({ locale: "en" }),
        element: <Pager page={page} param={param} />,
      },
    ],
    {
      initialEntries: [at],
      hydrationData: { loaderData: { root: { locale: "en" } } },
    },
  );
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

describe("Pager on a list counted up to 1,000", () => {
  const rows = Array.from({ length: 13 }, (_, i) => i);

  it("offers Next before the last reachable page, keeping the search", () => {
    const html = render(cappedPage({ rows, page: 83, pageSize: 12, cap: 1000 }));
    expect(html).toContain('href="/jobs?q=nurse&amp;page=84"');
    expect(html).not.toContain("narrow your search");
  });

  it("ends at the page of the 1,000th match and asks to narrow the search", () => {
    const html = render(cappedPage({ rows, page: 84, pageSize: 12, cap: 1000 }));
    expect(html).not.toContain("page=85");
    expect(html).toContain(
      "Only the first 1,000 are listed: narrow your search to see the others.",
    );
  });
});

describe("Pager of a second list on a screen", () => {
  it("pages by its own parameter, keeping the other list's page and the filters", () => {
    const page = exactPage({ items: [], page: 2, pageSize: 20, total: 70 });
    const html = render(page, {
      param: "threadsPage",
      at: "/admin/messages?page=3&threads=waiting&threadsPage=2",
    });
    expect(html).toContain('href="/admin/messages?page=3&amp;threads=waiting&amp;threadsPage=3"');
    expect(html).toContain('href="/admin/messages?page=3&amp;threads=waiting"');
  });
});
