import { NewspaperIcon, RssIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { CardImage } from "~/app/components/page-section";
import { Pager } from "~/app/components/pager";
import { Card } from "~/app/components/ui/card";
import { buttonVariants } from "~/app/components/ui/button";
import { requestLanguage } from "~/app/i18n/i18n.server";
import { i18nHandle } from "~/app/i18n/namespaces";
import { publicPageMeta } from "~/app/lib/seo";
import { cn } from "~/app/lib/utils";
import { BLOG_CATEGORIES, type BlogCategory } from "~/domain/enums";
import { readPage } from "~/domain/pagination";
import { dateFormatter } from "~/domain/format";
import { listPublishedPosts } from "~/server/content/posts.server";
import type { Route } from "./+types/news-list";

export const handle = i18nHandle("content");

export async function loader({ request }: Route.LoaderArgs) {
  // Public page: published posts only, so no guard beyond what listPublishedPosts selects.
  const url = new URL(request.url);
  const categoryParam = url.searchParams.get("category");
  const category = (BLOG_CATEGORIES as readonly string[]).includes(categoryParam ?? "")
    ? (categoryParam as BlogCategory)
    : null;
  const language = await requestLanguage(request);
  const posts = await listPublishedPosts({ category, page: readPage(url), language });
  return { ...posts, category };
}

const newsHead = publicPageMeta<Route.MetaArgs>(({ data }, t) => {
  const category = data?.category;
  const page = data?.page ?? 1;
  const qs = new URLSearchParams();
  if (category) qs.set("category", category);
  if (page > 1) qs.set("page", String(page));
  const suffix = qs.toString() ? `?${qs.toString()}` : "";
  return {
    title: page > 1 ? t("content:meta.news.titlePage", { page }) : t("content:meta.news.title"),
    description: t("content:meta.news.description"),
    path: `/news${suffix}`,
  };
});

export const meta: Route.MetaFunction = (args) => [
  ...newsHead(args),
  { tagName: "link", rel: "alternate", type: "application/rss+xml", href: "/news/rss.xml" },
];

export default function NewsList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("content");
  const { items, category } = loaderData;
  const dateFormat = dateFormatter(i18n.language, "longDate");
  const href = (change: { category?: string | null }) => {
    const qs = new URLSearchParams();
    const c = change.category === undefined ? category : change.category;
    if (c) qs.set("category", c);
    return qs.toString() ? `/news?${qs.toString()}` : "/news";
  };
  const chip = (active: boolean) =>
    cn(
      "rounded-full border px-3 py-1.5 text-sm font-medium",
      active
        ? "border-primary-700 bg-primary-700 text-white"
        : "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
    );
  return (
    <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div className="grid gap-2">
          <h1 className="text-3xl font-bold text-slate-900">{t("news.title")}</h1>
          <p className="max-w-2xl text-slate-700">{t("news.subtitle")}</p>
        </div>
        <a href="/news/rss.xml" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <RssIcon aria-hidden />
          {t("news.rss")}
        </a>
      </header>

      <nav aria-label={t("news.categories")}>
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={href({ category: null })}
              className={chip(!category)}
              aria-current={!category ? "page" : undefined}
            >
              {t("news.all")}
            </Link>
          </li>
          {BLOG_CATEGORIES.map((c) => (
            <li key={c}>
              <Link
                to={href({ category: c })}
                className={chip(category === c)}
                aria-current={category === c ? "page" : undefined}
              >
                {t(`news.category.${c}`)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {items.length === 0 ? (
        <Card className="grid justify-items-center gap-2 p-10 text-center">
          <NewspaperIcon aria-hidden className="size-8 text-slate-400" />
          <h2 className="font-semibold text-slate-900">{t("news.empty.title")}</h2>
          <p className="text-sm text-slate-600">{t("news.empty.body")}</p>
          {category ? (
            <Link to="/news" className={buttonVariants({ variant: "outline", size: "sm" })}>
              {t("news.all")}
            </Link>
          ) : null}
        </Card>
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((post) => (
            <li key={post.id}>
              <Card className="relative grid h-full content-start gap-3 overflow-hidden focus-within:ring-2 focus-within:ring-primary-600">
                {post.featuredImageUrl ? <CardImage src={post.featuredImageUrl} /> : null}
                <div className="grid gap-2 p-5">
                  <p className="text-xs font-medium tracking-wide text-primary-700 uppercase">
                    {t(`news.category.${post.category}`)}
                  </p>
                  <h2 lang={post.language} className="text-lg font-semibold text-slate-900">
                    <Link
                      to={`/news/${post.slug}`}
                      className="after:absolute after:inset-0 focus:outline-none"
                    >
                      {post.title}
                    </Link>
                  </h2>
                  {post.publishedAt ? (
                    <p className="text-sm text-slate-600">
                      <time dateTime={new Date(post.publishedAt).toISOString()}>
                        {dateFormat.format(new Date(post.publishedAt))}
                      </time>
                    </p>
                  ) : null}
                  {post.excerpt ? (
                    <p lang={post.language} className="text-slate-700">
                      {post.excerpt}
                    </p>
                  ) : null}
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <Pager page={loaderData} previous={t("news.previous")} next={t("news.next")} />
    </div>
  );
}
