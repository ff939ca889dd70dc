// The one check of a user-supplied return address, without the validation library: pages that
// only need this (the dashboard, the payment page) must not load zod for it.

// Browsers drop tabs and newlines inside a URL, read a backslash as "/" and resolve "//host"
// against the current scheme, so "/\t/evil.example" becomes another site. Any of these, raw or
// percent-encoded, makes a redirect target unsafe.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE_IN_TARGET = /[\u0000-\u001f\u007f-\u009f\\]/;
const PARSE_ORIGIN = "http://passage.invalid";

function decodedForms(value: string): string[] | null {
  const forms = [value];
  let current = value;
  for (let i = 0; i < 3; i++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) break;
    forms.push(next);
    current = next;
  }
  return forms;
}

/**
 * The one place a user-supplied `redirectTo` becomes a redirect: only a path on this site is
 * accepted (never another host, a scheme-relative URL or a script URL), after normalising it the
 * way a browser would; anything else gives `fallback`. Sign-in pages are never a target.
 */
export function safeRedirect(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2048) return fallback;
  const forms = decodedForms(to);
  if (!forms) return fallback;
  for (const form of forms) {
    if (UNSAFE_IN_TARGET.test(form) || form.startsWith("//")) return fallback;
  }
  let url: URL;
  try {
    url = new URL(to, PARSE_ORIGIN);
  } catch {
    return fallback;
  }
  if (url.origin !== PARSE_ORIGIN) return fallback;
  const target = url.pathname + url.search + url.hash;
  // "/..//host" resolves to "//host": judge the resolved path too.
  if (!target.startsWith("/") || target.startsWith("//")) return fallback;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return fallback;
  return target;
}
