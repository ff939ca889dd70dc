import { describe, expect, it } from "vitest";
import { parseTags, PostFormSchema, slugify, uniqueSlug } from "./content";

describe("slugify (the spec's rule)", () => {
  it.each([
    ["lower-cases", "Working In CANADA", "working-in-canada"],
    ["removes punctuation", "Visa news: what's new in 2026?!", "visa-news-whats-new-in-2026"],
    ["removes symbols", "Nurses & carers (UK) — apply now", "nurses-carers-uk-apply-now"],
    ["turns repeated spaces into one hyphen", "study   in    Poland", "study-in-poland"],
    [
      "collapses repeated hyphens, also ones typed in the title",
      "jobs -- and --- visas",
      "jobs-and-visas",
    ],
    ["keeps digits and letters with accents", "Poznań 2027 intake", "poznań-2027-intake"],
    ["never starts or ends with a hyphen", "  - Hello world! - ", "hello-world"],
    ["is empty for a title of punctuation only", "?!...", ""],
  ])("%s", (_rule, title, slug) => {
    expect(slugify(title)).toBe(slug);
  });
});

describe("uniqueSlug", () => {
  it("keeps a free slug and suffixes -2, -3 when taken", () => {
    expect(uniqueSlug("news", [])).toBe("news");
    expect(uniqueSlug("news", ["news"])).toBe("news-2");
    expect(uniqueSlug("news", ["news", "news-2", "news-3"])).toBe("news-4");
  });
});

describe("parseTags", () => {
  it("splits on commas, trims, and drops blanks", () => {
    expect(parseTags(" visa , canada,, ,nursing ,")).toEqual(["visa", "canada", "nursing"]);
  });
  it("drops duplicates regardless of case", () => {
    expect(parseTags("Visa, visa, VISA, jobs")).toEqual(["Visa", "jobs"]);
  });
  it("is empty for nothing", () => {
    expect(parseTags("")).toEqual([]);
    expect(parseTags(" , ,")).toEqual([]);
    expect(parseTags(undefined)).toEqual([]);
  });
});

describe("PostFormSchema", () => {
  const draft = { title: "Hello", category: "news", status: "draft" };

  it("accepts a minimal post and parses the tags", () => {
    const r = PostFormSchema.safeParse({ ...draft, tags: "a, ,b", slug: "" });
    expect(r.success).toBe(true);
    expect(r.data?.tags).toEqual(["a", "b"]);
    expect(r.data?.slug).toBeNull();
  });
  it("requires a title and rejects a javascript: image URL", () => {
    const r = PostFormSchema.safeParse({
      ...draft,
      title: " ",
      featuredImageUrl: "javascript:alert(1)",
    });
    expect(r.success).toBe(false);
    const messages = r.error?.issues.map((i) => i.message);
    expect(messages).toContain("errors.titleRequired");
    expect(messages).toContain("errors.imageUrlInvalid");
  });
});
