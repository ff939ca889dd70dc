import { ArrowLeftIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { Link } from "~/app/components/localized";
import { Prose } from "~/app/components/prose";
import { RouteError } from "~/app/components/route-error";
import { Alert } from "~/app/components/ui/alert";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageNotFound, publicPageMeta } from "~/app/lib/seo";
import { isStaff } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import { getViewer } from "~/server/auth/guards.server";
import { renderMarkdown } from "~/server/content/markdown.server";
import { getPostForReader } from "~/server/content/posts.server";
import type { Route } from "./+types/news-post";

export const handle = i18nHandle("content");

export async function loader({ request, params }: Route.LoaderArgs) {
  // Public page; staff may also preview drafts and archived posts.
  const viewer = await getViewer(request);
  const staff = isStaff(viewer?.role);
  const post = await getPostForReader({ slug: params.slug, staff });
  if (!post) throw data(null, { status: 404 });
  return {
    post: {
      title: post.title,
      slug: post.slug,
      excerpt: post.excerpt,
      category: post.category,
      language: post.language,
      status: post.status,
      featuredImageUrl: post.featuredImageUrl,
      metaTitle: post.metaTitle,
      metaDescription: post.metaDescription,
      tags: post.tags,
      publishedAt: post.publishedAt,
      authorName: post.authorName,
    },
    html: renderMarkdown(post.content),
  };
}

export const meta: Route.MetaFunction = publicPageMeta(({ data }, t) => {
  if (!data) return pageNotFound(t);
  const { post } = data;
  return {
    title: post.metaTitle || post.title,
    description: post.metaDescription || post.excerpt || undefined,
    path: `/news/${post.slug}`,
    type: "article",
    image: post.featuredImageUrl,
    noindex: post.status !== "published",
  };
});

export default function NewsPost({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const { post, html } = loaderData;
  const dateFormat = dateFormatter(i18n.language, "longDate");
  return (
    <article className="mx-auto grid max-w-3xl gap-6 px-4 py-10">
      <Link
        to="/news"
        className="inline-flex items-center gap-1 text-sm text-primary-700 hover:underline"
      >
        <ArrowLeftIcon aria-hidden className="size-4" />
        {t("news.back")}
      </Link>
      {post.status !== "published" ? (
        <Alert tone="warning" data-testid="post-preview-banner">
          {t("news.previewBanner", { status: t(`news.status.${post.status}`) })}
        </Alert>
      ) : null}
      <header className="grid gap-3">
        <p className="text-sm font-medium tracking-wide text-primary-700 uppercase">
          <Link to={`/news?category=${post.category}`} className="hover:underline">
            {t(`news.category.${post.category}`)}
          </Link>
        </p>
        <h1 lang={post.language} className="text-3xl font-bold text-slate-900 sm:text-4xl">
          {post.title}
        </h1>
        <p className="text-sm text-slate-600">
          {post.publishedAt ? (
            <time dateTime={new Date(post.publishedAt).toISOString()}>
              {dateFormat.format(new Date(post.publishedAt))}
            </time>
          ) : null}
          {post.authorName ? <span> · {t("news.by", { name: post.authorName })}</span> : null}
        </p>
        {post.excerpt ? (
          <p lang={post.language} className="text-lg text-slate-700">
            {post.excerpt}
          </p>
        ) : null}
      </header>
      {post.featuredImageUrl ? (
        <img
          src={post.featuredImageUrl}
          alt=""
          width={1200}
          height={630}
          className="aspect-video w-full rounded-xl object-cover"
        />
      ) : null}
      <Prose html={html} lang={post.language} data-testid="post-body" />
      {post.tags.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t("news.tags")}>
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-700">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteError error={error} />;
}
