// The strings of a namespace the page did not bring are the server's file of it
// (app/routes/resources/translations.ts), named by the version of all strings the page gave
// (`window.__i18n.v`): no list of files in the page's code, and the browser keeps each for a year.

/** A translation file's strings; {} when it cannot be had (offline): the keys show until then. */
export async function fetchStrings(url: string): Promise<Record<string, unknown>> {
  try {
    const response = await fetch(url);
    if (response.ok) return (await response.json()) as Record<string, unknown>;
  } catch {
    // offline or blocked
  }
  return {};
}

/** One namespace of one language; {} when that language has none of it. */
export function loadNamespace(lng: string, ns: string): Promise<Record<string, unknown>> {
  return fetchStrings(`/i18n/${lng}/${ns}.${window.__i18n?.v ?? "0"}.json`);
}
