import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_STATUSES } from "./enums";
import { DEFAULT_LANGUAGE, LANGUAGES } from "./languages";
import { nullableText, requiredText } from "./text-fields";

/**
 * The spec's slug rule: lower-case; remove characters other than letters, digits, spaces and
 * hyphens; spaces to hyphens; repeated hyphens collapsed. Letters are Unicode letters, so
 * "Café" keeps its é. Leading and trailing hyphens are trimmed so a slug never starts with "-".
 */
export function slugify(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N} -]/gu, "")
    .trim()
    .replace(/ +/g, "-")
    .replace(/-{2,}/g, "-")
    .replace(/^-+|-+$/g, "");
}

/** The next free slug: "x", then "x-2", "x-3"… given the slugs already taken. */
export function uniqueSlug(base: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Comma-separated tags, trimmed, blanks dropped, duplicates removed (first spelling kept). */
export function parseTags(input: string | null | undefined): string[] {
  if (!input) return [];
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of input.split(",")) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    out.push(tag);
  }
  return out;
}

// Validation messages are translation keys (namespace "cms").
export const PostFormSchema = z.object({
  id: z.uuid().optional(),
  title: requiredText(200, "errors.titleRequired", "errors.titleTooLong"),
  slug: nullableText(200, "errors.slugTooLong"),
  excerpt: nullableText(500, "errors.excerptTooLong"),
  content: z.string().max(100_000, "errors.contentTooLong").optional().default(""),
  category: z.enum(BLOG_CATEGORIES, { error: "errors.categoryRequired" }),
  // The language the post is written in (its page marks it; its language's news list puts it first).
  language: z.enum(LANGUAGES).optional().default(DEFAULT_LANGUAGE),
  status: z.enum(BLOG_STATUSES, { error: "errors.statusRequired" }),
  featuredImageUrl: z
    .string()
    .trim()
    .max(2000, "errors.imageUrlInvalid")
    .refine(
      (v) => v === "" || v.startsWith("/") || /^https?:\/\//i.test(v),
      "errors.imageUrlInvalid",
    )
    .optional()
    .transform((v) => (v ? v : null)),
  metaTitle: nullableText(70, "errors.metaTitleTooLong"),
  metaDescription: nullableText(200, "errors.metaDescriptionTooLong"),
  tags: z
    .string()
    .max(1000, "errors.tagsTooLong")
    .optional()
    .transform((v) => parseTags(v)),
});
export type PostForm = z.infer<typeof PostFormSchema>;

/** A study program as the public pages show it. */
/** A study program as its card shows it (home #study, /study, the student-placement page). */
export type { ProgramCardItem as StudyProgramItem } from "./program-search";

/** A success story as the home page shows it: a published success_stories post, or a fallback. */
export type SuccessStoryItem = {
  id: string;
  name: string;
  location: string | null;
  job: string | null;
  rating: number | null;
  text: string;
  href: string | null;
  imageUrl: string | null;
};
