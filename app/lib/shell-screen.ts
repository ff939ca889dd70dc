import type { UIMatch } from "react-router";
import { publicPageMeta } from "~/app/lib/seo";
import type common from "~/app/locales/en/common.json";

type TitleName = keyof typeof common.titles;
type MetaMatches = readonly ({ id: string; data?: unknown } | undefined)[];
/** The shell's heading of a screen: a key of the common namespace's `titles`. */
export type TitleKey = `titles.${TitleName}`;

/** What the shell reads from a route's handle: a fixed title, or one chosen by the page's path. */
type ShellHandle = { titleKey: TitleKey | ((pathname: string) => TitleKey) };

/**
 * The head of a screen of the dashboard shell (the applicant's and the back-office's), written
 * once: its `handle` (translation namespaces, the shell's heading) and its `meta` (the tab's
 * title; signed-in pages are never indexed).
 *
 * `export const { handle, meta } = shellScreen(i18nHandle("admin"), "titles.users");`
 *
 * A module that serves two routes passes a function of the path instead. The route still calls
 * `i18nHandle` itself: app/i18n/namespaces.test.ts reads the namespaces there.
 */
export function shellScreen<I18n extends { i18n: readonly string[] }>(
  i18n: I18n,
  titleKey: TitleKey | ((pathname: string) => TitleKey),
) {
  const at = typeof titleKey === "function" ? titleKey : () => titleKey;
  const handle: I18n & ShellHandle = { ...i18n, titleKey };
  // The agency's name from the site settings, as on public pages (publicPageMeta reads it); the
  // tab's title is the shell's heading, in the page's language (common is on every page).
  const meta = publicPageMeta(
    ({ location }: { location: { pathname: string }; matches: MetaMatches }, t) => ({
      title: t(at(location.pathname)),
      noindex: true,
    }),
  );
  return { handle, meta };
}

/** The shell's heading: the title key of the deepest matched route that names one. */
export function shellTitleKey(matches: readonly Pick<UIMatch, "handle" | "pathname">[]): TitleKey {
  for (const match of [...matches].reverse()) {
    const key = (match.handle as Partial<ShellHandle> | undefined)?.titleKey;
    if (typeof key === "function") return key(match.pathname);
    if (key) return key;
  }
  return "titles.dashboard";
}
