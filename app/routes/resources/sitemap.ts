import { config } from "~/server/config.server";
import { buildSitemap } from "~/server/content/sitemap.server";

// Public by nature: lists only what anyone may see (public active jobs, published posts).
export async function loader() {
  const xml = await buildSitemap(config().baseUrl);
  return new Response(xml, {
    headers: {
      "content-type": "application/xml; charset=utf-8",
      "cache-control": "public, max-age=300",
    },
  });
}
