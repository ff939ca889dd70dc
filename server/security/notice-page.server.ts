import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import { pageLanguageOf } from "~/server/cache/page-language.server";
import { escapeMarkup } from "~/server/escape.server";
import { serverT } from "~/server/i18n/translate.server";

/**
 * The answers the server gives before any page renders (a body over its limit, a server too busy
 * to take the request) are a short page of their own for a browser that navigated (a form sent
 * before JavaScript, a link), so the person reads what happened in their language and has a way
 * back; any other client (the page's own fetches, curl, a machine) gets the plain message.
 */
export function wantsPage(request: Request) {
  return (request.headers.get("accept") ?? "").includes("text/html");
}

/** The language the page would have been in (the app's rule: its address, else the person's choice). */
async function readerLanguage(request: Request): Promise<Language> {
  const lng = (await pageLanguageOf(request)?.catch(() => undefined))?.split(">")[0];
  return isLanguage(lng) ? lng : DEFAULT_LANGUAGE;
}

/** "10 MB", "10 Mo": a size in whole or tenth megabytes, as the reader writes it. */
export function formatMegabytes(bytes: number, lng: Language) {
  return new Intl.NumberFormat(lng, {
    style: "unit",
    unit: "megabyte",
    maximumFractionDigits: 1,
  }).format(bytes / (1024 * 1024));
}

type Notice = {
  status: number;
  /** The plain message for a client that is not showing a page. */
  text: string;
  /** Builds the page's title and message (keys of mail.json's `notices`) in the reader's language. */
  page: (t: ReturnType<typeof serverT>, lng: Language) => { title: string; message: string };
  headers?: Record<string, string>;
};

// No script, no outside file: the page's own policy allows its one inline style and nothing else.
const NOTICE_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";
const STYLE =
  "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;color:#1f2937;margin:0;padding:3rem 1.25rem}" +
  "main{max-width:32rem;margin:0 auto;border:1px solid #e5e7eb;border-radius:.75rem;padding:1.5rem}" +
  "h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:0 0 1.25rem}a{color:#0f5e73;font-weight:600}";

export async function noticeResponse(request: Request, notice: Notice): Promise<Response> {
  const headers: Record<string, string> = { "cache-control": "no-store", ...notice.headers };
  if (!wantsPage(request)) {
    return new Response(notice.text, {
      status: notice.status,
      headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
    });
  }
  const lng = await readerLanguage(request);
  const t = serverT(lng);
  const { title, message } = notice.page(t, lng);
  const url = new URL(request.url);
  // Back to the page the form or link was on: a form's own address shows the form again.
  const back =
    url.pathname === "/_root.data"
      ? "/"
      : url.pathname.endsWith(".data")
        ? url.pathname.slice(0, -".data".length)
        : url.pathname + (request.method === "GET" ? url.search : "");
  const html =
    `<!DOCTYPE html><html lang="${lng}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width,initial-scale=1">` +
    `<title>${escapeMarkup(title)}</title><style>${STYLE}</style></head>` +
    `<body><main><h1>${escapeMarkup(title)}</h1><p>${escapeMarkup(message)}</p>` +
    `<a href="${escapeMarkup(back || "/")}">${escapeMarkup(t("notices.back"))}</a></main></body></html>`;
  return new Response(html, {
    status: notice.status,
    headers: {
      ...headers,
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": NOTICE_POLICY,
    },
  });
}
