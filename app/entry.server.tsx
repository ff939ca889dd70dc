import { createReadableStreamFromReadable } from "@react-router/node";
import { finished } from "node:stream";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import type { AppLoadContext, EntryContext, LoaderFunctionArgs } from "react-router";
import { ServerRouter } from "react-router";
import { encodedResponse } from "~/server/cache/encoding.server";
import { hasSessionCookie } from "~/server/cache/page-cache.server";
import {
  contentSecurityPolicy,
  createNonce,
} from "~/server/security/content-security-policy.server";
import {
  pageTranslationFilesScript,
  pageTranslationsScript,
  requestLanguage,
  serverTranslations,
  translationFilesLinkHeader,
} from "./i18n/i18n.server";
import { routeNamespaces } from "./i18n/namespaces";
import { FragmentContext } from "./lib/cached-html";
import { FragmentRender } from "./lib/fragment-cache.server";
import { paintFirstThenHydrate } from "./lib/paint-first.server";
import { NonceContext } from "./lib/nonce";
import { wholeDocument } from "./lib/whole-document.server";

export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  const lng = await requestLanguage(request);
  const translations = await serverTranslations(lng);
  // The browser gets only the strings of the namespaces the matched routes declare, inline (no
  // request before hydration); entry.client loads any other namespace when a screen needs it.
  const namespaces = routeNamespaces(
    routerContext.staticHandlerContext.matches.map(
      (match) => routerContext.routeModules[match.route.id]?.handle,
    ),
  );
  const rootData = routerContext.staticHandlerContext.loaderData?.root as
    { viewer?: unknown } | undefined;
  const signedIn = Boolean(rootData?.viewer);
  // Every inline script of this page carries the nonce; the policy allows no other inline script.
  // Vite's development server injects its own inline scripts, so the policy is for built pages.
  const nonce = createNonce();
  // A signed-in page is rendered whole, so the parts it shares with others can be kept and reused
  // (app/lib/fragment-cache.server.ts); a visitor's page is kept whole by the page cache instead.
  const fragments = signedIn ? new FragmentRender() : null;
  if (process.env.NODE_ENV !== "development")
    responseHeaders.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  // A signed-in page's strings are files the browser keeps (pageTranslationFilesScript): it starts
  // fetching them with the headers. (A header, not a <link> React hoists: that cost a tenth of
  // the page's rendering.)
  if (signedIn) responseHeaders.append("Link", translationFilesLinkHeader(lng, namespaces));

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once, and so does a signed-in person
    // (nothing of their page is deferred; one body is cheaper to send). A visitor's browser gets
    // it streamed.
    const waitForAll =
      signedIn || routerContext.isSpaMode || Boolean(userAgent && isbot(userAgent));

    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <FragmentContext.Provider value={fragments}>
          <I18nextProvider i18n={translations}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </FragmentContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        // A Suspense boundary whose content is ready when its turn comes is written in place, however
        // far down the page: by default React moves one past the first 12.8 KB to the end of the
        // stream, hidden until an inline script shows it, and without JavaScript it stays hidden
        // (the apply form on a job page, say).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        // A classic inline script: it runs before the deferred module scripts (entry.client). A
        // visitor's page carries its strings in it (its first visit needs no other request); a
        // signed-in page names the files that hold them, which the browser keeps.
        bootstrapScriptContent: signedIn
          ? pageTranslationFilesScript(lng, namespaces)
          : pageTranslationsScript(lng, namespaces),
        onShellReady() {
          shellRendered = true;
          if (!waitForAll) send();
        },
        onAllReady() {
          if (waitForAll) send();
        },
        onShellError(error: unknown) {
          clearTimeout(timeout);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    function send() {
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      if (signedIn) {
        // A signed-in person has the scripts cached and uses the back office's controls at
        // once: the scripts are preloaded, and the page goes out as one body.
        const { sink, body } = wholeDocument();
        void body.finally(() => clearTimeout(timeout)).catch(() => {});
        body.then(
          (html) =>
            resolve(
              encodedResponse(fragments?.finish(html) ?? html, request, {
                headers: responseHeaders,
                status: responseStatusCode,
              }),
            ),
          reject,
        );
        pipe(sink);
        return;
      }
      // A visitor's first visit paints before any script is fetched.
      const stream = paintFirstThenHydrate();
      finished(stream, () => clearTimeout(timeout));
      resolve(
        new Response(createReadableStreamFromReadable(stream), {
          headers: responseHeaders,
          status: responseStatusCode,
        }),
      );
      pipe(stream);
    }
    // Abandon a rendering that never finishes. A finished one lets go of its timer at once: kept,
    // the timer held the rendering's whole state for six more seconds (hundreds of pages under
    // load, each surviving into the old generation for the garbage collector to copy and mark).
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}

/**
 * A signed-in person's data request (a search made in the page, a form's revalidation) goes out
 * compressed whole, like their pages: nothing of theirs is deferred, so the body is complete when
 * it is read. A visitor's data goes on to the page cache uncompressed (it stores and encodes it).
 */
export async function handleDataRequest(response: Response, { request }: LoaderFunctionArgs) {
  if (
    response.status !== 200 ||
    !response.body ||
    response.headers.has("Content-Encoding") ||
    !hasSessionCookie(request.headers.get("cookie"))
  ) {
    return response;
  }
  const body = Buffer.from(await response.arrayBuffer());
  return encodedResponse(body, request, {
    status: response.status,
    headers: new Headers(response.headers),
  });
}
