import { redirect } from "react-router";
import { z } from "zod";
import { safeRedirect } from "~/domain/auth";
import { localeCookie } from "~/app/i18n/i18n.server";
import { LANGUAGES, localizePath } from "~/domain/languages";
import { getViewer } from "~/server/auth/guards.server";
import { setOwnPreferredLanguage } from "~/server/profiles/profile.server";
import type { Route } from "./+types/language";

const LanguageChoice = z.object({
  lng: z.enum(LANGUAGES),
  to: z.string().optional(),
});

/**
 * The language switcher's form: remembers the choice (the `lng` cookie, a year) and sends the
 * person back to the page they were on, at its address in that language (a public page) or at
 * the same address (the dashboard and back-office follow the choice). A signed-in person's choice
 * is also saved on their profile: their e-mails and notifications follow it, and signing in on
 * another device brings it back. An unknown language or an address off the site falls back to
 * English and the home page; nothing is ever refused.
 */
export async function action({ request }: Route.ActionArgs) {
  const form = Object.fromEntries(await request.formData());
  const parsed = LanguageChoice.safeParse(form);
  const lng = parsed.success ? parsed.data.lng : "en";
  const to = safeRedirect(parsed.success ? parsed.data.to : undefined, "/");
  const viewer = parsed.success ? await getViewer(request) : null;
  if (viewer) await setOwnPreferredLanguage({ viewer, lng });
  return redirect(localizePath(to, lng), {
    headers: { "Set-Cookie": await localeCookie.serialize(lng) },
  });
}

/** Nothing to show: a GET (a bookmarked form address) goes home. */
export function loader() {
  return redirect("/");
}
