import { getViewer } from "~/server/auth/guards.server";
import { registerPageLanguage } from "~/server/cache/page-language.server";
import { config } from "~/server/config.server";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { getSiteSettings, toPublicSettings } from "~/server/settings/settings.server";
import { i18nServer } from "./i18n/i18n.server";

// The page cache keys a visitor's page by its language; it asks the app how a request's language
// is chosen (the `lng` cookie), so the two can never disagree.
registerPageLanguage((request) => i18nServer.getLocale(request));

/**
 * Data every page gets. For a visitor this touches no database: no session cookie means no
 * session lookup, and the settings are kept in memory until they change.
 */
export async function loadRoot(request: Request) {
  const [locale, viewer, settings] = await Promise.all([
    i18nServer.getLocale(request),
    getViewer(request),
    getSiteSettings(),
  ]);
  const unreadMessages = viewer ? await countUnreadMessages(viewer.id) : 0;
  return {
    locale,
    baseUrl: config().baseUrl,
    // Only what public pages show: never the staff inbox address (staff read it in their loaders).
    settings: toPublicSettings(settings),
    unreadMessages,
    viewer: viewer
      ? {
          id: viewer.id,
          email: viewer.email,
          fullName: viewer.fullName,
          role: viewer.role,
          registrationFeePaid: viewer.registrationFeePaid,
        }
      : null,
  };
}
