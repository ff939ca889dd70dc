import { useTranslation } from "react-i18next";
import { Outlet } from "react-router";
import { LanguageOffer } from "~/app/components/language-switcher";
import { SiteFooter } from "~/app/components/site-footer";
import { SiteHeader } from "~/app/components/site-header";

export default function PublicLayout() {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 bg-white p-2 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t("skipToContent")}
      </a>
      <LanguageOffer />
      <SiteHeader />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
