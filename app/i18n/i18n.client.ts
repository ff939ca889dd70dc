// One lazy loader per locale file: Vite makes each file its own small hashed chunk, fetched only
// when a screen needs a namespace the page did not bring inline.
const localeFiles = import.meta.glob<Record<string, unknown>>("../locales/*/*.json", {
  import: "default",
});

/** One namespace of one language; {} when that language has not translated it (English shows). */
export async function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  const load = localeFiles[`../locales/${lng}/${ns}.json`];
  return load ? load() : {};
}
