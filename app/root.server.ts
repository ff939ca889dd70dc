import { getViewer } from "~/server/auth/guards.server";
import { config } from "~/server/config.server";
import { countUnreadMessages } from "~/server/messages/unread.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { i18nServer } from "./i18n/i18n.server";

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
    settings,
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
