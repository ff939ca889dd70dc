import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LANGUAGE_NAMES, LANGUAGES, splitLanguage } from "~/domain/languages";
import { CachedHtml } from "~/app/lib/cached-html";
import { cn } from "~/app/lib/utils";
import { useRootData } from "~/app/lib/root-data";

/**
 * The language switcher: one button per language in a plain form, so it works before JavaScript
 * loads. It posts the page the person is on (address and filters); /language remembers the
 * choice and sends them to that page in the chosen language (app/routes/language.tsx).
 * `compact` shows the language codes (the header); otherwise each language's own name.
 */
export function LanguageSwitcher({
  compact = false,
  dark = false,
  className,
}: {
  compact?: boolean;
  /** On a dark background (the footer). */
  dark?: boolean;
  className?: string;
}) {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const here = `${splitLanguage(location.pathname).path}${location.search}`;
  return (
    <form method="post" action="/language" className={className} data-testid="language-switcher">
      <input type="hidden" name="to" value={here} />
      {/* The buttons are the same on every page in a language (the page is the input above). */}
      <CachedHtml
        role="group"
        aria-label={t("language.choose")}
        className="flex items-center gap-1"
        cacheKey={`language-buttons:${i18n.language}:${compact}:${dark}`}
      >
        {() => (
          <>
            {LANGUAGES.map((lng) => {
              const current = lng === i18n.language;
              return (
                <button
                  key={lng}
                  type="submit"
                  name="lng"
                  value={lng}
                  lang={lng}
                  aria-current={current ? "true" : undefined}
                  className={cn(
                    "rounded px-2 py-1 text-sm focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:outline-none",
                    current
                      ? cn(
                          "font-semibold underline underline-offset-4",
                          dark ? "text-white" : "text-primary-800",
                        )
                      : dark
                        ? "text-slate-200 hover:bg-white/10 hover:text-white"
                        : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                  )}
                >
                  {compact ? (
                    <>
                      {lng.toUpperCase()}
                      <span className="sr-only"> {LANGUAGE_NAMES[lng]}</span>
                    </>
                  ) : (
                    LANGUAGE_NAMES[lng]
                  )}
                </button>
              );
            })}
          </>
        )}
      </CachedHtml>
    </form>
  );
}

/**
 * On an English public page, to a visitor whose browser prefers French or Portuguese and who has
 * not chosen yet: an offer, in their language, to read the page in it (or to stay in English,
 * which is remembered too). Never a redirect.
 */
export function LanguageOffer() {
  const { languageOffer: offer } = useRootData();
  const location = useLocation();
  if (!offer) return null;
  const here = `${location.pathname}${location.search}`;
  return (
    <form
      method="post"
      action="/language"
      lang={offer.lng}
      aria-label={offer.text}
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-primary-50 px-4 py-2 text-sm text-primary-900"
      data-testid="language-offer"
    >
      <input type="hidden" name="to" value={here} />
      <span>{offer.text}</span>
      <button
        type="submit"
        name="lng"
        value={offer.lng}
        className="rounded px-2 py-1 font-semibold underline underline-offset-4 focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:outline-none"
      >
        {offer.accept}
      </button>
      <button
        type="submit"
        name="lng"
        value="en"
        className="rounded px-2 py-1 text-primary-800 hover:underline focus-visible:ring-2 focus-visible:ring-primary-500 focus-visible:outline-none"
      >
        {offer.dismiss}
      </button>
    </form>
  );
}
