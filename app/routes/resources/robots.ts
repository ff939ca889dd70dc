import { config } from "~/server/config.server";

export function loader() {
  const body = [
    "User-agent: *",
    "Disallow: /admin",
    "Disallow: /dashboard",
    "Disallow: /api/",
    "Disallow: /auth",
    `Sitemap: ${config().baseUrl}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, { headers: { "content-type": "text/plain; charset=utf-8" } });
}
