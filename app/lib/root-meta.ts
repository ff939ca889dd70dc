import type { RootData } from "~/app/root";

type MatchLike = { id: string; data?: unknown } | undefined;

/**
 * The base URL and agency name for a page's meta tags, from the root loader's data, so
 * canonical URLs and titles follow config and site settings. Use in `meta: ({ matches })`.
 */
export function rootMeta(matches: readonly MatchLike[]): { baseUrl?: string; agencyName?: string } {
  const root = matches.find((m) => m?.id === "root")?.data as RootData | undefined;
  return { baseUrl: root?.baseUrl, agencyName: root?.settings.agencyName };
}
