import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

/**
 * Paint first, then fetch and run the JavaScript.
 *
 * React Router writes a `<link rel="modulepreload">` for every module a page needs into <head>, and
 * an async module script that imports the route modules and starts hydration. On a phone the HTML
 * and the one stylesheet are all the page needs to show its text (forms work before JavaScript
 * too), yet the browser spent the first paint's bandwidth and main thread on ~110 KB of scripts: a
 * module script runs as soon as its imports arrive, often before the first frame is shown.
 *
 * This transform of the streamed HTML:
 * - takes the module preloads out of <head> (their addresses are kept);
 * - rewrites the module script so that it first waits until the page has painted (the browser's
 *   first-contentful-paint entry; at once when the page is hidden, at the latest after 3 s), then
 *   adds the preloads, imports the route modules in parallel, and goes on exactly as React Router
 *   wrote it (manifest, route modules, `import(entry.client)`).
 *
 * A tag or the script may be split across chunks: the unfinished part waits for the next chunk.
 * Everything else streams through as it comes.
 */
export function paintFirstThenHydrate() {
  let carry = "";
  const preloads: string[] = [];
  // A chunk may also end inside a multi-byte character: the decoder keeps its first bytes.
  const decoder = new StringDecoder("utf8");
  const rewrite = (text: string) =>
    text
      .replace(PRELOAD_TAG, (_tag, href: string) => {
        preloads.push(href);
        return "";
      })
      .replace(MODULE_SCRIPT, (_script, open: string, body: string) => {
        return `${open}${hydrateAfterPaint(body, preloads)}</script>`;
      });
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const cut = safeEnd(text);
      carry = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(carry + decoder.end()));
    },
  });
}

const PRELOAD_TAG = /<link rel="modulepreload"[^>]*? href="([^"]+)"[^>]*>/g;
const MODULE_SCRIPT = /(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)<\/script>/;
const STATIC_IMPORT = /^\s*import \* as (\w+) from ("[^"]+");\s*$/gm;

/** Where the text can be cut: never inside a tag, nor inside the module script. */
function safeEnd(text: string) {
  const script = text.search(/<script\b[^>]*\btype="module"/);
  if (script !== -1 && !text.includes("</script>", script)) return script;
  const lastOpen = text.lastIndexOf("<");
  if (lastOpen !== -1 && !text.includes(">", lastOpen)) return lastOpen;
  return text.length;
}

/** React Router's module script, made to wait for the first paint (see above). */
export function hydrateAfterPaint(body: string, preloads: readonly string[]) {
  const imports: { name: string; from: string }[] = [];
  const rest = body.replace(STATIC_IMPORT, (_line, name: string, from: string) => {
    imports.push({ name, from });
    return "";
  });
  return (
    `\nawait new Promise((go) => {` +
    `if (document.visibilityState !== "visible" || !self.PerformanceObserver?.supportedEntryTypes?.includes("paint")) return go();` +
    `new PerformanceObserver((list) => { if (list.getEntriesByName("first-contentful-paint").length) go(); }).observe({ type: "paint", buffered: true });` +
    `setTimeout(go, 3000); });\n` +
    `for (const href of ${JSON.stringify(preloads)}) { const link = document.createElement("link"); link.rel = "modulepreload"; link.href = href; document.head.append(link); }\n` +
    `const [${imports.map((i) => i.name).join(", ")}] = await Promise.all([${imports
      .map((i) => `import(${i.from})`)
      .join(", ")}]);\n` +
    rest
  );
}
