import type { MetaDescriptor } from "react-router";

/** Title, description, canonical URL and Open Graph tags for one page. */
export function pageMeta(options: {
  title: string;
  description?: string;
  baseUrl?: string;
  path?: string;
  agencyName?: string;
  type?: "website" | "article";
  image?: string | null;
  noindex?: boolean;
}): MetaDescriptor[] {
  const name = options.agencyName ?? "Passage";
  const title = options.title === name ? name : `${options.title} · ${name}`;
  const meta: MetaDescriptor[] = [{ title }, { property: "og:title", content: title }];
  if (options.description) {
    meta.push({ name: "description", content: options.description });
    meta.push({ property: "og:description", content: options.description });
  }
  meta.push({ property: "og:type", content: options.type ?? "website" });
  meta.push({ property: "og:site_name", content: name });
  if (options.baseUrl && options.path !== undefined) {
    const url = options.baseUrl + options.path;
    meta.push({ tagName: "link", rel: "canonical", href: url });
    meta.push({ property: "og:url", content: url });
  }
  if (options.image) meta.push({ property: "og:image", content: options.image });
  if (options.noindex) meta.push({ name: "robots", content: "noindex" });
  return meta;
}
