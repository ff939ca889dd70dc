import { QuoteIcon, StarIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { CardImage, SectionHeader } from "~/app/components/page-section";
import { Card } from "~/app/components/ui/card";
import type { SuccessStoryItem } from "~/domain/content";

/**
 * Success stories on the home page: published success_stories posts from the CMS, or the
 * static testimonials while there are none (listSuccessStoriesForHome decides).
 */
export function SuccessStoriesSection({ stories }: { stories: SuccessStoryItem[] }) {
  const { t } = useTranslation("content");
  if (stories.length === 0) return null;
  return (
    <section aria-labelledby="success-stories-title" className="grid gap-6">
      <SectionHeader
        id="success-stories-title"
        title={t("stories.title")}
        intro={t("stories.subtitle")}
      />
      <ul className="grid gap-4 md:grid-cols-3">
        {stories.map((s) => (
          <li key={s.id}>
            <Card className="grid h-full content-start gap-3 p-5">
              {s.imageUrl ? (
                <CardImage src={s.imageUrl} className="rounded-md" />
              ) : (
                <QuoteIcon aria-hidden className="size-6 text-primary-600" />
              )}
              {s.rating ? (
                <p
                  className="flex gap-0.5"
                  role="img"
                  aria-label={t("stories.rating", { rating: s.rating })}
                >
                  {Array.from({ length: 5 }, (_, i) => (
                    <StarIcon
                      key={i}
                      aria-hidden
                      className={
                        i < s.rating!
                          ? "size-4 fill-amber-400 text-amber-500"
                          : "size-4 text-slate-300"
                      }
                    />
                  ))}
                </p>
              ) : null}
              <blockquote className="text-slate-800">
                <p>{s.text}</p>
              </blockquote>
              <div className="mt-auto grid gap-0.5 text-sm">
                <h3 className="font-semibold text-slate-900">{s.name}</h3>
                {s.job ? <p className="text-slate-700">{s.job}</p> : null}
                {s.location ? <p className="text-slate-600">{s.location}</p> : null}
              </div>
              {s.href ? (
                <Link to={s.href} className="text-sm font-medium text-primary-700 hover:underline">
                  {t("stories.readMore")}
                  <span className="sr-only">: {s.name}</span>
                </Link>
              ) : null}
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
