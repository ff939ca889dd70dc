import type { TFunction } from "i18next";
import { settingText } from "~/domain/setting-texts";
import { getViewer } from "~/server/auth/guards.server";
import { registerPageLanguage } from "~/server/cache/page-language.server";
import { config } from "~/server/config.server";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { getSiteSettings, toPublicSettings } from "~/server/settings/settings.server";
import { offeredLanguage, requestLanguage, serverTranslations } from "./i18n/i18n.server";

// The page cache keys a visitor's page by its language, and by the language it offers (from
// Accept-Language); it asks the app how both are chosen, so the two can never disagree.
registerPageLanguage(async (request) => {
  const [lng, offer] = await Promise.all([requestLanguage(request), offeredLanguage(request)]);
  return offer ? `${lng}>${offer}` : lng;
});

/** The suggestion to read an English page in the visitor's language, in that language. */
async function languageOffer(request: Request) {
  const lng = await offeredLanguage(request);
  if (!lng) return null;
  const t = (await serverTranslations(lng)).getFixedT(lng, "common") as TFunction<"common">;
  return {
    lng,
    text: t("language.offer"),
    accept: t("language.offerAccept"),
    dismiss: t("language.offerDismiss"),
  };
}

/**
 * Data every page gets. For a visitor this touches no database: no session cookie means no
 * session lookup, and the settings are kept in memory until they change.
 */
export async function loadRoot(request: Request) {
  const [locale, viewer, settings, offer] = await Promise.all([
    requestLanguage(request),
    getViewer(request),
    getSiteSettings(),
    languageOffer(request),
  ]);
  const unreadMessages = viewer ? await countUnreadMessages(viewer.id) : 0;
  return {
    locale,
    languageOffer: offer,
    baseUrl: config().baseUrl,
    // Only what public pages show: never the staff inbox address (staff read it in their loaders).
    settings: toPublicSettings(settings, locale),
    unreadMessages,
    viewer: viewer
      ? {
          id: viewer.id,
          email: viewer.email,
          fullName: viewer.fullName,
          role: viewer.role,
          registrationFeePaid: viewer.registrationFeePaid,
          // Whether their office's fee policy asks a fee up front (decision record 33).
          feeDue: viewer.feeDue,
          // Which fee, when one is due: the nav, job cards and help name this one, not the site's.
          dueFee: viewer.dueFee && {
            ...viewer.dueFee,
            // The settings' refund policy in the page's language, unless their policy has its own.
            refundPolicy:
              viewer.dueFee.refundPolicy === settings.registrationFee.refundPolicy
                ? settingText(settings, "registrationFee.refundPolicy", locale)
                : viewer.dueFee.refundPolicy,
          },
        }
      : null,
  };
}
