import fs from "node:fs/promises";
import path from "node:path";
import matter from "gray-matter";
import { renderMarkdown } from "./markdown.server";

const CONTENT_DIR = path.resolve(process.cwd(), "content");
const cache = new Map<string, unknown>();
// The files ship with the build and do not change while the process runs; re-read in development.
const useCache = process.env.NODE_ENV === "production";

async function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  if (useCache && cache.has(key)) return cache.get(key) as T;
  const value = await load();
  if (useCache) cache.set(key, value);
  return value;
}

export const LEGAL_PAGES = {
  "/privacy-policy": "privacy-policy",
  "/terms-of-service": "terms-of-service",
  "/cookie-policy": "cookie-policy",
} as const;
export type LegalPath = keyof typeof LEGAL_PAGES;

export type LegalPage = {
  title: string;
  description: string;
  lastUpdated: string | null;
  html: string;
};

/** A legal page from content/<lng>/legal/<name>.md: front matter + Markdown rendered safe. */
export function readLegalPage(name: string, lng = "en"): Promise<LegalPage> {
  return cached(`legal:${lng}:${name}`, async () => {
    const file = path.join(CONTENT_DIR, lng, "legal", `${name}.md`);
    const { data, content } = matter(await fs.readFile(file, "utf8"));
    const updated = data.lastUpdated;
    const lastUpdated =
      updated instanceof Date
        ? updated.toISOString().slice(0, 10)
        : typeof updated === "string"
          ? updated
          : null;
    return {
      title: String(data.title ?? name),
      description: String(data.description ?? ""),
      lastUpdated,
      html: renderMarkdown(content),
    };
  });
}

/** The long copy of a service page, from content/<lng>/services/<slug>.json. */
export function readServiceContent<T>(slug: string, lng = "en"): Promise<T> {
  return cached(`service:${lng}:${slug}`, async () => {
    const file = path.join(CONTENT_DIR, lng, "services", `${slug}.json`);
    return JSON.parse(await fs.readFile(file, "utf8")) as T;
  });
}
