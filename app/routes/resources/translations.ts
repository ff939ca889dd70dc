import { translationFile } from "~/app/i18n/i18n.server";
import type { Route } from "./+types/translations";

/**
 * One namespace's strings in one language, as a signed-in page names them
 * (`/i18n/<lng>/<ns>.<hash>.json`, pageTranslationFilesScript): the same for everyone, so a
 * browser and any cache in between keep it for a year. A page from before a new build may ask
 * for a name that no longer exists: it gets today's strings, not to be kept.
 */
export function loader({ params }: Route.LoaderArgs) {
  const match = /^([a-z0-9-]+)\.([A-Za-z0-9_-]+)\.json$/.exec(params.file);
  const file = match ? translationFile(params.lng, match[1]!) : null;
  if (!match || !file) return new Response("Not found", { status: 404 });
  const current = file.url.endsWith(`.${match[2]}.json`);
  return new Response(file.body, {
    headers: {
      "content-type": "application/json; charset=utf-8",
      "cache-control": current ? "public, max-age=31536000, immutable" : "no-cache",
    },
  });
}
