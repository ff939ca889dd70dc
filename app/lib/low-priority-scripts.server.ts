import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Marks the page's module preloads low priority. React puts them at the top of <head>, where a
 * phone on a slow network fetched ~120 KB of JavaScript at high priority alongside the one
 * stylesheet, and the text waited for both. Now the HTML and the stylesheet come first, the page
 * paints, and the scripts (still fetched at once, in parallel) hydrate it. Forms work before
 * JavaScript anyway.
 *
 * A chunk may end inside the tag: the last few bytes wait for the next chunk.
 */
export function lowPriorityModulePreloads() {
  let carry = "";
  // A chunk may also end inside a multi-byte character: the decoder keeps its first bytes.
  const decoder = new StringDecoder("utf8");
  return new Transform({
    transform(chunk: Buffer | string, _encoding, done) {
      const text = carry + (typeof chunk === "string" ? chunk : decoder.write(chunk));
      const cut = safeEnd(text);
      carry = text.slice(cut);
      done(null, text.slice(0, cut).replaceAll(PRELOAD, LOW));
    },
    flush(done) {
      done(null, (carry + decoder.end()).replaceAll(PRELOAD, LOW));
    },
  });
}

/** Where the text can be cut without splitting a possible start of the tag. */
function safeEnd(text: string) {
  const lastOpen = text.lastIndexOf("<");
  if (lastOpen === -1 || text.length - lastOpen >= PRELOAD.length) return text.length;
  return PRELOAD.startsWith(text.slice(lastOpen)) ? lastOpen : text.length;
}
