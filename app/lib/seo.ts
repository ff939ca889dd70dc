import type { MetaDescriptor } from "react-router";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  isPublicPath,
  type Language,
  LANGUAGES,
  localizePath,
} from "~/domain/languages";
import { type MetaKey, type MetaT, metaTranslator } from "~/app/i18n/meta";
import type { RootData } from "~/app/lib/root-data";

/** What a page says about itself in its head; the site (base URL, agency name) is added. */
export type PageHead = {
  /** Without one, the page is titled by the agency's name alone (the home page). */
  title?: string;
  description?: string;
  /** The page's own address, for its canonical URL; none for a page that has no fixed one. */
  path?: string;
  type?: "website" | "article";
  /** An absolute URL, or a path on this site. */
  image?: string | null;
  noindex?: boolean;
};

/** The picture of a shared link when the page has none of its own (1200 × 630, as previews want). */
export const DEFAULT_SHARE_IMAGE = { path: "/og-image.png", width: 1200, height: 630 };

/** Open Graph names a language with its region: ours are written for these. */
const OG_LOCALES: Record<Language, string> = { en: "en_GB", fr: "fr_FR", pt: "pt_PT" };

/** Title, description, canonical URL, Open Graph and Twitter card tags for one page. */
export function pageMeta(
  options: PageHead & { baseUrl?: string; agencyName?: string; lng?: string },
): MetaDescriptor[] {
  const name = options.agencyName ?? "Passage";
  const title = options.title ? `${options.title} · ${name}` : name;
  const meta: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }];
  if (options.description) {
    meta.push({ name: "description", content: options.description });
    meta.push({ property: "og:description", content: options.description });
  }
  meta.push({ property: "og:type", content: options.type ?? "website" });
  meta.push({ property: "og:site_name", content: name });
  if (options.baseUrl && options.path !== undefined) {
    // A public page has an address per language: its canonical URL is its own language's, and it
    // lists the others (x-default: the English one, at the root).
    const { baseUrl, path } = options;
    const url = baseUrl + localizePath(path, options.lng ?? DEFAULT_LANGUAGE);
    meta.push({ tagName: "link", rel: "canonical", href: url });
    meta.push({ property: "og:url", content: url });
    if (isPublicPath(path.replace(/[?#].*$/, ""))) {
      for (const lng of LANGUAGES)
        meta.push({
          tagName: "link",
          rel: "alternate",
          hrefLang: lng,
          href: baseUrl + localizePath(path, lng),
        });
      meta.push({
        tagName: "link",
        rel: "alternate",
        hrefLang: "x-default",
        href: baseUrl + localizePath(path, DEFAULT_LANGUAGE),
      });
    }
  }
  // A link pasted into WhatsApp, Facebook or X shows a picture: the page's own, else the site's
  // (public/og-image.png). Previews need absolute addresses, so a path needs the base URL.
  const image = options.image || DEFAULT_SHARE_IMAGE.path;
  const imageUrl = !image.startsWith("/")
    ? image
    : options.baseUrl
      ? options.baseUrl + image
      : null;
  if (imageUrl) {
    meta.push({ property: "og:image", content: imageUrl });
    if (!options.image) {
      meta.push({ property: "og:image:width", content: String(DEFAULT_SHARE_IMAGE.width) });
      meta.push({ property: "og:image:height", content: String(DEFAULT_SHARE_IMAGE.height) });
    }
    meta.push({ property: "og:image:alt", content: options.title ?? name });
  }
  meta.push({
    property: "og:locale",
    content: OG_LOCALES[isLanguage(options.lng) ? options.lng : DEFAULT_LANGUAGE],
  });
  meta.push({ name: "twitter:card", content: imageUrl ? "summary_large_image" : "summary" });
  meta.push({ name: "twitter:title", content: title });
  if (options.description) meta.push({ name: "twitter:description", content: options.description });
  if (imageUrl) meta.push({ name: "twitter:image", content: imageUrl });
  if (options.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}

/** The head of a missing page (a 404 from the loader, or the catch-all route). */
export const pageNotFound = (t: MetaT): PageHead => ({
  title: t("notFound.pageTitle"),
  noindex: true,
});

type MetaArgsLike = { matches: readonly ({ id: string; data?: unknown } | undefined)[] };

/**
 * The `meta` of a public page, written once: a function of the route's meta arguments and a `t` in
 * the page's language gives its title, description and path; the canonical URL and the agency
 * name come from the root loader's data, so they follow config and the site settings. Titles and
 * descriptions are translation keys of the route's own namespace (app/i18n/meta.ts), never
 * English literals (eslint.config.js refuses a string `title:` or `description:` here).
 *
 * `export const meta: Route.MetaFunction = publicPageMeta((_, t) => ({ title: t("inquiries:meta.title"), path: "/contact" }));`
 * `export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) => data ? {…} : pageNotFound(t));`
 */
export function publicPageMeta<Args extends MetaArgsLike>(
  head: (args: Args, t: MetaT) => PageHead,
) {
  return (args: Args): MetaDescriptor[] => {
    const root = args.matches.find((m) => m?.id === "root")?.data as RootData | undefined;
    const lng = root?.locale ?? DEFAULT_LANGUAGE;
    return pageMeta({
      ...head(args, metaTranslator(lng)),
      baseUrl: root?.baseUrl,
      agencyName: root?.settings.agencyName,
      lng: root?.locale,
    });
  };
}

/** A key `ns:…` whose `.title` and `.description` are both strings of the page's meta. */
type SectionOf<K> = K extends `${infer Section}.title`
  ? `${Section}.description` extends MetaKey
    ? Section
    : never
  : never;
type MetaSection = SectionOf<MetaKey>;

/**
 * The `meta` of a public page whose head never changes: the title and description under one
 * key of the route's namespace (`section.title`, `section.description`) and the page's address.
 *
 * `export const meta: Route.MetaFunction = fixedPageMeta("content:meta.about", "/about");`
 */
export const fixedPageMeta = (section: MetaSection, path: string) =>
  publicPageMeta((_, t) => ({
    title: t(`${section}.title`),
    description: t(`${section}.description`),
    path,
  }));

/** A description's opening for a search result or a link preview: one line, cut at a word. */
export function summary(text: string, max: number) {
  const line = text.replace(/\s+/g, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  return `${cut.slice(0, cut.lastIndexOf(" ") > max / 2 ? cut.lastIndexOf(" ") : max)}…`;
}
