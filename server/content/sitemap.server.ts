import { and, desc, eq, isNull } from "drizzle-orm";
import { DEFAULT_LANGUAGE, LANGUAGES, localizePath } from "~/domain/languages";
import { SERVICE_SLUGS } from "~/domain/services";
import { type Db, db } from "~/server/db/client.server";
import { jobs, programs } from "~/server/db/schema";
import { escapeMarkup } from "~/server/escape.server";
import { markdownToText } from "./markdown.server";
import { listPublishedPostsForFeed } from "./posts.server";

// A sitemap file holds at most 50,000 URLs, and each page is listed once per language (three):
// these caps keep the file under that.
const MAX_JOBS = 8_000;
const MAX_PROGRAMS = 4_000;
const MAX_POSTS = 4_000;

export const STATIC_PUBLIC_PATHS = [
  "/",
  "/jobs",
  "/study",
  "/about",
  "/contact",
  "/outsourcing",
  "/news",
  ...SERVICE_SLUGS.map((s) => `/services/${s}`),
  "/privacy-policy",
  "/terms-of-service",
  "/cookie-policy",
];

// A feed reader renders <description> as HTML, so the summary (plain text) is HTML-escaped
// first, then carried in CDATA; a "]]>" is split across two sections so it cannot end one early.
function htmlDescription(text: string) {
  const html = escapeMarkup(text);
  return `<![CDATA[${html.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

/**
 * Every page a search engine may index: public pages, public active jobs, listed study programs,
 * published posts.
 */
export async function buildSitemap(baseUrl: string, on: Db = db()) {
  const [publicJobs, listedPrograms, posts] = await Promise.all([
    on
      .select({ id: jobs.id, updatedAt: jobs.updatedAt })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), eq(jobs.isPublic, true), isNull(jobs.archivedAt)))
      .orderBy(desc(jobs.createdAt))
      .limit(MAX_JOBS),
    on
      .select({ id: programs.id, updatedAt: programs.updatedAt })
      .from(programs)
      .where(and(eq(programs.isActive, true), isNull(programs.archivedAt)))
      .orderBy(desc(programs.createdAt))
      .limit(MAX_PROGRAMS),
    listPublishedPostsForFeed(MAX_POSTS, on),
  ]);
  const pages: { path: string; lastmod?: Date | null }[] = [
    ...STATIC_PUBLIC_PATHS.map((path) => ({ path })),
    ...publicJobs.map((j) => ({ path: `/jobs/${j.id}`, lastmod: j.updatedAt })),
    ...listedPrograms.map((p) => ({ path: `/study/${p.id}`, lastmod: p.updatedAt })),
    ...posts.map((p) => ({
      path: `/news/${encodeURIComponent(p.slug)}`,
      lastmod: p.updatedAt ?? p.publishedAt,
    })),
  ];
  // Every page at each of its addresses, each naming all of them (hreflang, x-default English),
  // as Google asks for pages in several languages.
  const body = pages
    .flatMap(({ path, lastmod }) => {
      const alternates = [
        ...LANGUAGES.map((lng) => [lng, localizePath(path, lng)] as const),
        ["x-default", localizePath(path, DEFAULT_LANGUAGE)] as const,
      ]
        .map(
          ([lng, href]) =>
            `<xhtml:link rel="alternate" hreflang="${lng}" href="${escapeMarkup(baseUrl + href)}"/>`,
        )
        .join("");
      const modified = lastmod ? `<lastmod>${new Date(lastmod).toISOString()}</lastmod>` : "";
      return LANGUAGES.map(
        (lng) =>
          `  <url><loc>${escapeMarkup(baseUrl + localizePath(path, lng))}</loc>${modified}${alternates}</url>`,
      );
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${body}\n</urlset>\n`;
}

/** RSS 2.0 of the latest published posts. */
export async function buildNewsFeed(
  options: { baseUrl: string; agencyName: string; description: string },
  on: Db = db(),
) {
  const posts = await listPublishedPostsForFeed(30, on);
  const items = posts
    .map((p) => {
      const link = `${options.baseUrl}/news/${encodeURIComponent(p.slug)}`;
      const summary = p.excerpt || markdownToText(p.content, 300);
      return [
        "    <item>",
        `      <title>${escapeMarkup(p.title)}</title>`,
        `      <link>${escapeMarkup(link)}</link>`,
        `      <guid isPermaLink="true">${escapeMarkup(link)}</guid>`,
        p.publishedAt ? `      <pubDate>${new Date(p.publishedAt).toUTCString()}</pubDate>` : "",
        `      <category>${escapeMarkup(p.category)}</category>`,
        `      <description>${htmlDescription(summary)}</description>`,
        "    </item>",
      ]
        .filter(Boolean)
        .join("\n");
    })
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>${escapeMarkup(`${options.agencyName} news`)}</title>
    <link>${escapeMarkup(`${options.baseUrl}/news`)}</link>
    <atom:link href="${escapeMarkup(`${options.baseUrl}/news/rss.xml`)}" rel="self" type="application/rss+xml"/>
    <description>${escapeMarkup(options.description)}</description>
    <language>en</language>
${items}
  </channel>
</rss>
`;
}
