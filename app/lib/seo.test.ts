import type { MetaDescriptor } from "react-router";
import { beforeAll, describe, expect, it } from "vitest";
import { serverTranslations } from "~/app/i18n/i18n.server";
import { fixedPageMeta, pageMeta, pageNotFound, publicPageMeta } from "~/app/lib/seo";

// Registers the server's translator for `meta` (as every rendered page does first).
beforeAll(() => serverTranslations("en"));

const BASE_URL = "https://jobs.agency.example";
const AGENCY = "Harare Careers";
/** A page's matches as React Router gives them to `meta`: the root's loader data first. */
const matches = [
  { id: "root", data: { baseUrl: BASE_URL, settings: { agencyName: AGENCY } } },
  { id: "routes/public/layout", data: undefined },
];

/** The parts of a head these tests look at. */
function readHead(meta: MetaDescriptor[] | undefined) {
  const list = (meta ?? []) as Record<string, string>[];
  const content = (key: string, value: string) => list.find((m) => m[key] === value)?.content;
  return {
    title: list.find((m) => "title" in m)?.title,
    canonical: list.find((m) => m.rel === "canonical")?.href,
    siteName: content("property", "og:site_name"),
    ogUrl: content("property", "og:url"),
    ogImage: content("property", "og:image"),
    description: content("name", "description"),
    robots: content("name", "robots"),
  };
}

describe("publicPageMeta", () => {
  it("adds the canonical URL and the agency's name from the root data to what the page says", () => {
    const meta = publicPageMeta(() => ({
      title: "Contact Us",
      description: "Talk to us.",
      path: "/contact",
    }));
    expect(readHead(meta({ matches }))).toEqual({
      title: `Contact Us · ${AGENCY}`,
      canonical: `${BASE_URL}/contact`,
      siteName: AGENCY,
      ogUrl: `${BASE_URL}/contact`,
      ogImage: `${BASE_URL}/og-image.png`,
      description: "Talk to us.",
      robots: undefined,
    });
  });

  it("titles a page without a title of its own by the agency's name alone", () => {
    expect(readHead(publicPageMeta(() => ({ path: "/" }))({ matches })).title).toBe(AGENCY);
  });

  it("gives a function of the meta arguments the route's data", () => {
    const meta = publicPageMeta(
      ({ data }: { data?: { slug: string }; matches: typeof matches }, t) =>
        data ? { title: data.slug, path: `/news/${data.slug}` } : pageNotFound(t),
    );
    expect(readHead(meta({ matches, data: { slug: "hello" } })).canonical).toBe(
      `${BASE_URL}/news/hello`,
    );
    const missing = readHead(meta({ matches }));
    expect(missing).toMatchObject({ title: `Page not found · ${AGENCY}`, robots: "noindex" });
    expect(missing.canonical).toBeUndefined();
  });

  it("falls back to the product's name and no canonical URL without root data (an error page)", () => {
    const head = readHead(
      publicPageMeta(() => ({ title: "About Us", path: "/about" }))({ matches: [] }),
    );
    expect(head).toMatchObject({ title: "About Us · Passage", siteName: "Passage" });
    expect(head.canonical).toBeUndefined();
  });
});

describe("fixedPageMeta", () => {
  it("reads a fixed page's title and description under one key, in the page's language", () => {
    const head = readHead(fixedPageMeta("content:meta.about", "/about")({ matches }));
    expect(head).toMatchObject({
      title: `About Us · ${AGENCY}`,
      canonical: `${BASE_URL}/about`,
      description: expect.stringMatching(/^Who we are: /),
    });
  });
});

describe("pageMeta", () => {
  it("gives a shared link a preview: Open Graph and Twitter card, the site's picture by default", () => {
    const meta = pageMeta({
      title: "Welder in Gdansk",
      description: "Poland: weld pipelines.",
      path: "/jobs/1",
      baseUrl: BASE_URL,
      agencyName: AGENCY,
      lng: "pt",
    }) as Record<string, string>[];
    const tags = Object.fromEntries(
      meta.filter((m) => m.property || m.name).map((m) => [m.property ?? m.name, m.content]),
    );
    expect(tags).toMatchObject({
      "og:title": `Welder in Gdansk · ${AGENCY}`,
      "og:description": "Poland: weld pipelines.",
      "og:url": `${BASE_URL}/pt/jobs/1`,
      "og:image": `${BASE_URL}/og-image.png`,
      "og:image:width": "1200",
      "og:image:height": "630",
      "og:locale": "pt_PT",
      "twitter:card": "summary_large_image",
      "twitter:title": `Welder in Gdansk · ${AGENCY}`,
      "twitter:description": "Poland: weld pipelines.",
      "twitter:image": `${BASE_URL}/og-image.png`,
    });
    // Without the base URL (an error page) there is no absolute address for a picture.
    const bare = pageMeta({ title: "Oops" }) as Record<string, string>[];
    expect(bare.find((m) => m.property === "og:image")).toBeUndefined();
    expect(bare.find((m) => m.name === "twitter:card")?.content).toBe("summary");
  });

  it("makes an image on this site an absolute URL, and leaves another host's alone", () => {
    const image = (src: string) =>
      readHead(pageMeta({ title: "Post", baseUrl: BASE_URL, image: src })).ogImage;
    expect(image("/uploads/post.webp")).toBe(`${BASE_URL}/uploads/post.webp`);
    expect(image("https://cdn.example/post.webp")).toBe("https://cdn.example/post.webp");
  });
});

// The public pages whose head needs no loader data, through their route modules: each names the
// agency, and each with a fixed address gives it as its canonical URL (contact, outsourcing and
// the auth pages used to do neither). A path of `null`: the page has no canonical URL.
type Module = { meta?: unknown };
const PUBLIC_PAGES: [string, string | null, () => Promise<Module>][] = [
  ["public/home", "/", () => import("~/app/routes/public/home")],
  ["public/about", "/about", () => import("~/app/routes/public/about")],
  ["public/contact", "/contact", () => import("~/app/routes/public/contact")],
  ["public/outsourcing", "/outsourcing", () => import("~/app/routes/public/outsourcing")],
  ["jobs/list", "/jobs", () => import("~/app/routes/jobs/list")],
  ["auth/auth", "/auth", () => import("~/app/routes/auth/auth")],
  [
    "auth/forgot-password",
    "/auth/forgot-password",
    () => import("~/app/routes/auth/forgot-password"),
  ],
  ["auth/reset-password", null, () => import("~/app/routes/auth/reset-password")],
  ["public/not-found", null, () => import("~/app/routes/public/not-found")],
];

describe("the public pages' heads", () => {
  for (const [route, path, load] of PUBLIC_PAGES) {
    it(`${route} names the agency and gives ${path ? `${path} as its` : "no"} canonical URL`, async () => {
      const { meta } = await load();
      const head = readHead((meta as (args: unknown) => MetaDescriptor[])({ matches }));
      expect(head.canonical).toBe(path === null ? undefined : BASE_URL + path);
      expect(head.siteName).toBe(AGENCY);
      expect(head.title).toContain(AGENCY);
    });
  }

  it("are titled and described in the page's language, with its own canonical URL", async () => {
    const { meta } = await import("~/app/routes/jobs/list");
    const inFrench = [{ ...matches[0]!, data: { ...matches[0]!.data, locale: "fr" } }];
    const head = readHead((meta as (args: unknown) => MetaDescriptor[])({ matches: inFrench }));
    expect(head).toMatchObject({
      title: `Trouver un emploi à l'étranger · ${AGENCY}`,
      canonical: `${BASE_URL}/fr/jobs`,
    });
    expect(head.description).toMatch(/^Recherchez des offres/);
  });
});

describe("a news post's preview", () => {
  const post = {
    title: "From Harare to Cork",
    slug: "harare-to-cork",
    excerpt: "Tendai's first year as a nurse in Ireland.",
    status: "published",
    metaTitle: null,
    metaDescription: null,
    featuredImageUrl: "/media/posts/cork.webp" as string | null,
  };
  const head = async (data: { post: typeof post }) => {
    const { meta } = await import("~/app/routes/public/news-post");
    const list = (meta as (args: unknown) => MetaDescriptor[])({ matches, data }) as Record<
      string,
      string
    >[];
    return Object.fromEntries(
      list.filter((m) => m.property || m.name).map((m) => [m.property ?? m.name, m.content]),
    );
  };

  it("shows its own picture, title and excerpt, as an article", async () => {
    expect(await head({ post })).toMatchObject({
      "og:type": "article",
      "og:title": `From Harare to Cork · ${AGENCY}`,
      "og:description": "Tendai's first year as a nurse in Ireland.",
      "og:image": `${BASE_URL}/media/posts/cork.webp`,
      "twitter:card": "summary_large_image",
      "twitter:image": `${BASE_URL}/media/posts/cork.webp`,
    });
  });

  it("shows the site's picture when the post has none", async () => {
    expect((await head({ post: { ...post, featuredImageUrl: null } }))["og:image"]).toBe(
      `${BASE_URL}/og-image.png`,
    );
  });
});
