import { updateAtVersion } from "~/server/db/versions.server";
import { and, count, desc, eq, like, or, sql } from "drizzle-orm";
import { type PostForm, slugify, type SuccessStoryItem, uniqueSlug } from "~/domain/content";
import type { BlogCategory, BlogStatus } from "~/domain/enums";
import type { Language } from "~/domain/languages";
import { isUuid } from "~/domain/ids";
import { startsWithPattern } from "~/domain/like-patterns";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { blogPosts, profiles } from "~/server/db/schema";
import { seedTestimonials } from "~/server/db/seed-data";
import { markdownToText } from "./markdown.server";

export type Post = typeof blogPosts.$inferSelect;
export const POSTS_PAGE_SIZE = 12;
export const STAFF_POSTS_PAGE_SIZE = 20;

type Actor = Pick<Viewer, "id">;

// ── Public reads ────────────────────────────────────────────────────────────────────────────

/** What every list of posts shows of one: its title, address, excerpt and text. */
const postSummaryColumns = {
  id: blogPosts.id,
  title: blogPosts.title,
  slug: blogPosts.slug,
  excerpt: blogPosts.excerpt,
  content: blogPosts.content,
};

/**
 * Published posts, optionally one category; paged on the server. Posts in the reader's language
 * come first (a French reader of /fr/news sees French news before English), each group newest
 * first.
 */
export async function listPublishedPosts(
  options: {
    category?: BlogCategory | null;
    page?: number;
    pageSize?: number;
    language?: Language;
  } = {},
  on: Db = db(),
) {
  const pageSize = options.pageSize ?? POSTS_PAGE_SIZE;
  const where = and(
    eq(blogPosts.status, "published"),
    options.category ? eq(blogPosts.category, options.category) : undefined,
  );
  const list = await paginateSelect(
    blogPosts,
    where,
    { page: options.page ?? 1, pageSize },
    on
      .select({
        ...postSummaryColumns,
        category: blogPosts.category,
        featuredImageUrl: blogPosts.featuredImageUrl,
        publishedAt: blogPosts.publishedAt,
        language: blogPosts.language,
      })
      .from(blogPosts)
      .where(where)
      .orderBy(
        ...(options.language ? [sql`(${blogPosts.language} = ${options.language}) desc`] : []),
        desc(blogPosts.publishedAt),
        desc(blogPosts.id),
      )
      .$dynamic(),
    on,
  );
  return {
    ...list,
    items: list.items.map(({ content, ...item }) => ({
      ...item,
      excerpt: item.excerpt || markdownToText(content, 200),
    })),
  };
}

/**
 * One post by slug for a reader. The public sees only published posts; staff may preview
 * drafts and archived posts (the page says so). Unknown → null (the route answers 404).
 */
export async function getPostForReader(
  { slug, staff }: { slug: string; staff: boolean },
  on: Db = db(),
) {
  const [row] = await on
    .select({ post: blogPosts, authorName: profiles.fullName })
    .from(blogPosts)
    .leftJoin(profiles, eq(profiles.id, blogPosts.authorId))
    .where(eq(blogPosts.slug, slug))
    .limit(1);
  if (!row) return null;
  if (row.post.status !== "published" && !staff) return null;
  return { ...row.post, authorName: row.authorName };
}

/**
 * The home page's success stories: published success_stories posts, newest first. When there
 * are none yet, the static testimonials stand in so the section is never empty.
 */
export async function listSuccessStoriesForHome(
  limit = 3,
  on: Db = db(),
): Promise<SuccessStoryItem[]> {
  const rows = await on
    .select({
      ...postSummaryColumns,
      tags: blogPosts.tags,
      featuredImageUrl: blogPosts.featuredImageUrl,
    })
    .from(blogPosts)
    .where(and(eq(blogPosts.status, "published"), eq(blogPosts.category, "success_stories")))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
  if (rows.length === 0) {
    return seedTestimonials.slice(0, limit).map((t, i) => ({
      id: `testimonial-${i}`,
      name: t.name,
      location: t.location,
      job: t.job,
      rating: t.rating,
      text: t.text,
      href: null,
      imageUrl: null,
    }));
  }
  return rows.map((r) => ({
    id: r.id,
    name: r.title,
    location: null,
    job: r.tags[0] ?? null,
    rating: null,
    text: r.excerpt || markdownToText(r.content, 280),
    href: `/news/${r.slug}`,
    imageUrl: r.featuredImageUrl,
  }));
}

/** Every published post's slug and dates, for the sitemap and the feed (newest first). */
export async function listPublishedPostsForFeed(limit = 5000, on: Db = db()) {
  return on
    .select({
      slug: blogPosts.slug,
      title: blogPosts.title,
      excerpt: blogPosts.excerpt,
      content: blogPosts.content,
      category: blogPosts.category,
      publishedAt: blogPosts.publishedAt,
      updatedAt: blogPosts.updatedAt,
    })
    .from(blogPosts)
    .where(eq(blogPosts.status, "published"))
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(limit);
}

// ── Staff (CMS) ─────────────────────────────────────────────────────────────────────────────

/** The four CMS cards. Reads across every author: staff only. */
export async function getPostStatsForStaff(on: Db = db()) {
  const [row] = await on
    .select({
      total: count(),
      published: sql<number>`count(*) filter (where ${blogPosts.status} = 'published')`.mapWith(
        Number,
      ),
      drafts: sql<number>`count(*) filter (where ${blogPosts.status} = 'draft')`.mapWith(Number),
      successStories:
        sql<number>`count(*) filter (where ${blogPosts.category} = 'success_stories')`.mapWith(
          Number,
        ),
    })
    .from(blogPosts);
  return row ?? { total: 0, published: 0, drafts: 0, successStories: 0 };
}

/** One post of any status, for the CMS editor. Staff only. */
export async function getPostByIdForStaff(id: string, on: Db = db()) {
  if (!isUuid(id)) return null;
  const [post] = await on.select().from(blogPosts).where(eq(blogPosts.id, id));
  return post ?? null;
}

/** Every post, newest first, paged. Staff only. */
export async function listAllPostsForStaff(
  options: { page?: number; status?: BlogStatus | null; pageSize?: number } = {},
  on: Db = db(),
) {
  const where = options.status ? eq(blogPosts.status, options.status) : undefined;
  return paginateSelect(
    blogPosts,
    where,
    { page: options.page ?? 1, pageSize: options.pageSize ?? STAFF_POSTS_PAGE_SIZE },
    on
      .select()
      .from(blogPosts)
      .where(where)
      .orderBy(desc(blogPosts.createdAt), desc(blogPosts.id))
      .$dynamic(),
    on,
  );
}

async function takenSlugs(tx: Db, base: string, exceptId?: string) {
  const rows = await tx
    .select({ id: blogPosts.id, slug: blogPosts.slug })
    .from(blogPosts)
    .where(or(eq(blogPosts.slug, base), like(blogPosts.slug, startsWithPattern(`${base}-`))));
  return rows.filter((r) => r.id !== exceptId).map((r) => r.slug);
}

/**
 * The slug a post gets: the one typed (normalised by the same rule; refused when another post has
 * it), or one made from the title, made unique by suffixing -2, -3…
 */
async function resolveSlug(tx: Db, form: PostForm, exceptId?: string) {
  const typed = slugify(form.slug ?? "");
  const base = typed || slugify(form.title) || "post";
  const taken = await takenSlugs(tx, base, exceptId);
  // An address the editor typed is kept as typed or refused: silently publishing it at "-2"
  // would break the link they are about to share.
  if (typed && taken.includes(typed)) throw new SlugTakenError(typed);
  return uniqueSlug(base, taken);
}

/** The address typed for a post is another post's. */
export class SlugTakenError extends Error {
  constructor(readonly slug: string) {
    super(`the slug "${slug}" is taken`);
  }
}

function postValues(form: PostForm) {
  return {
    title: form.title,
    excerpt: form.excerpt,
    content: form.content,
    category: form.category,
    language: form.language,
    status: form.status,
    featuredImageUrl: form.featuredImageUrl,
    metaTitle: form.metaTitle,
    metaDescription: form.metaDescription,
    tags: form.tags,
  };
}

/** The spec: publishing sets published_at to now, also on every save with status published. */
function publishedAtOnSave(status: BlogStatus, previous: Date | null) {
  return status === "published" ? new Date() : previous;
}

/** Writes a change to post `id`, publishing it anew when it is saved as published. */
async function savePost(
  tx: Db,
  id: string,
  set: Partial<typeof blogPosts.$inferInsert> & { status: BlogStatus },
  publishedBefore: Date | null,
  version?: number,
) {
  // At the version the editor was opened on, if it says (decision record 37).
  await updateAtVersion(tx, blogPosts, {
    where: eq(blogPosts.id, id),
    version,
    set: {
      ...set,
      publishedAt: publishedAtOnSave(set.status, publishedBefore),
      updatedAt: new Date(),
    },
    target: { type: "blog_post", id },
    current: { title: blogPosts.title },
  });
  const [post] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
  return post!;
}

export async function createPost({ actor, form }: { actor: Actor; form: PostForm }) {
  return db().transaction(async (tx) => {
    const slug = await resolveSlug(tx, form);
    const [post] = await tx
      .insert(blogPosts)
      .values({
        ...postValues(form),
        slug,
        authorId: actor.id,
        publishedAt: publishedAtOnSave(form.status, null),
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      action: "post.create",
      targetType: "blog_post",
      targetId: post!.id,
      details: { title: post!.title, slug, status: post!.status },
    });
    return post;
  });
}

/** Updates a post; null when it does not exist. */
export async function updatePost(options: {
  actor: Actor;
  id: string;
  form: PostForm;
  /** The version the editor was opened on: refused (StaleEditError) if it changed since. */
  version?: number;
}) {
  const { actor, id, form } = options;
  return db().transaction(async (tx) => {
    const [existing] = await tx.select().from(blogPosts).where(eq(blogPosts.id, id));
    if (!existing) return null;
    const slug = await resolveSlug(tx, form, id);
    const post = await savePost(
      tx,
      id,
      { ...postValues(form), slug },
      existing.publishedAt,
      options.version,
    );
    await recordAudit(tx, {
      actorId: actor.id,
      action: "post.update",
      targetType: "blog_post",
      targetId: id,
      details: { title: post.title, slug, from: existing.status, to: post.status },
    });
    return post;
  });
}

export async function setPostStatus(options: { actor: Actor; id: string; status: BlogStatus }) {
  const { actor, id, status } = options;
  return db().transaction(async (tx) => {
    const [existing] = await tx
      .select({ status: blogPosts.status, publishedAt: blogPosts.publishedAt })
      .from(blogPosts)
      .where(eq(blogPosts.id, id));
    if (!existing) return null;
    const post = await savePost(tx, id, { status }, existing.publishedAt);
    await recordAudit(tx, {
      actorId: actor.id,
      action: "post.status_change",
      targetType: "blog_post",
      targetId: id,
      details: { from: existing.status, to: status },
    });
    return post;
  });
}

export async function deletePost({ actor, id }: { actor: Actor; id: string }) {
  return db().transaction(async (tx) => {
    const [post] = await tx
      .delete(blogPosts)
      .where(eq(blogPosts.id, id))
      .returning({ title: blogPosts.title, slug: blogPosts.slug });
    if (!post) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "post.delete",
      targetType: "blog_post",
      targetId: id,
      details: post,
    });
    return true;
  });
}
