import { Marked } from "marked";
import sanitizeHtml from "sanitize-html";

// Own instance: options set here never leak into another module's use of marked.
const marked = new Marked({ gfm: true, breaks: false, async: false });

// Only what a news post needs. No script/style/iframe, no event handlers (sanitize-html drops
// every attribute not listed), and only http(s)/mailto/relative URLs, so "javascript:" links die.
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "blockquote",
    "pre",
    "code",
    "ul",
    "ol",
    "li",
    "strong",
    "em",
    "del",
    "a",
    "img",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
  ],
  allowedAttributes: {
    a: ["href", "title"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    th: ["align"],
    td: ["align"],
    code: ["class"],
  },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesByTag: { img: ["http", "https"] },
  allowProtocolRelative: false,
  allowedClasses: { code: [/^language-[\w-]+$/] },
  // A post's own "# Title" would make a second h1 on the page: demote it.
  transformTags: {
    h1: "h2",
    a: (tagName, attribs) => {
      const external = /^https?:\/\//i.test(attribs.href ?? "");
      return {
        tagName,
        attribs: external ? { ...attribs, rel: "noopener noreferrer nofollow" } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: "lazy" } }),
  },
};
SANITIZE.allowedAttributes = {
  ...(SANITIZE.allowedAttributes as Record<string, string[]>),
  a: ["href", "title", "rel"],
};

/** Markdown (from staff, or from files we ship) to HTML that is safe to put in a page. */
export function renderMarkdown(source: string): string {
  const html = marked.parse(source ?? "") as string;
  return sanitizeHtml(html, SANITIZE);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', "#39": "'" };

/** Plain text of a Markdown source, e.g. for an excerpt or a feed summary. */
export function markdownToText(source: string, maxLength = 240): string {
  const text = sanitizeHtml(marked.parse(source ?? "") as string, {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&(amp|lt|gt|quot|#39);/g, (_m, e: string) => ENTITIES[e] ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > maxLength ? `${text.slice(0, maxLength - 1).trimEnd()}…` : text;
}
