import { and, desc, eq, isNull } from "drizzle-orm";
import { SERVICE_SLUGS } from "~/domain/services";
import { type Db, db } from "~/server/db/client.server";
import { jobs } from "~/server/db/schema";
import { escapeMarkup } from "~/server/escape.server";
import { markdownToText } from "./markdown.server";
import { listPublishedPostsForFeed } from "./posts.server";

// A sitemap file holds at most 50,000 URLs; we stay well under with these caps.
const MAX_JOBS = 20_000;
const MAX_POSTS = 20_000;

export const STATIC_PUBLIC_PATHS = [
  "/",
  "/jobs",
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

/** Every page a search engine may index: public pages, public active jobs, published posts. */
export async function buildSitemap(baseUrl: string, on: Db = db()) {
  const [publicJobs, posts] = await Promise.all([
    on
      .select({ id: jobs.id, updatedAt: jobs.updatedAt })
      .from(jobs)
      .where(and(eq(jobs.isActive, true), eq(jobs.isPublic, true), isNull(jobs.archivedAt)))
      .orderBy(desc(jobs.createdAt))
      .limit(MAX_JOBS),
    listPublishedPostsForFeed(MAX_POSTS, on),
  ]);
  const entries: { loc: string; lastmod?: Date | null }[] = [
    ...STATIC_PUBLIC_PATHS.map((p) => ({ loc: baseUrl + p })),
    ...publicJobs.map((j) => ({ loc: `${baseUrl}/jobs/${j.id}`, lastmod: j.updatedAt })),
    ...posts.map((p) => ({
      loc: `${baseUrl}/news/${encodeURIComponent(p.slug)}`,
      lastmod: p.updatedAt ?? p.publishedAt,
    })),
  ];
  const body = entries
    .map(
      (e) =>
        `  <url><loc>${escapeMarkup(e.loc)}</loc>${
          e.lastmod ? `<lastmod>${new Date(e.lastmod).toISOString()}</lastmod>` : ""
        }</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`;
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
