import { useRouteLoaderData } from "react-router";
import { DEFAULT_LANGUAGE } from "~/domain/languages";
import type { loadRoot } from "~/app/root.server";

// The root loader's data, for the pieces below it. Components and routes read it here, never from
// app/root.tsx: the root route imports the shell's pieces, so a piece importing it back would be a
// cycle, and the root module would be pulled into every chunk that shows a header.

export type RootData = Awaited<ReturnType<typeof loadRoot>>;

/** The root loader's data (viewer, settings, locale) from anywhere in the tree. */
export function useRootData(): RootData {
  const data = useRouteLoaderData<RootData>("root");
  if (!data) throw new Error("useRootData used outside the root route");
  return data;
}

/**
 * The page's language, or English where the root's data is absent (a piece rendered on its own
 * in a test, or under an error boundary before the root loaded).
 */
export function useRootLocale(): string {
  return useRouteLoaderData<Partial<RootData>>("root")?.locale ?? DEFAULT_LANGUAGE;
}
