import { config } from "~/server/config.server";
import { buildNewsFeed } from "~/server/content/sitemap.server";
import { getSiteSettings } from "~/server/settings/settings.server";

// Public by nature: published posts only.
export async function loader() {
  const settings = await getSiteSettings();
  const xml = await buildNewsFeed({
    baseUrl: config().baseUrl,
    agencyName: settings.agencyName,
    description: settings.tagline,
  });
  return new Response(xml, {
    headers: {
      "content-type": "application/rss+xml; charset=utf-8",
      "cache-control": "public, max-age=300",
    },
  });
}
