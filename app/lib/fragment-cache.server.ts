/**
 * Parts of a signed-in page that are the same for everyone who may see them (a job's card for
 * a paid applicant, the footer, the site's navigation, a search's filters), rendered once and
 * written from memory afterwards. See `CachedHtml` (./cached-html.tsx) and decision record 11.
 *
 * Nothing personal is kept: a part is cached under a key that names everything it is made of
 * (the caller builds it from the very values the part renders), and the personal pieces of a page
 * (the account menu, a save button, the loader data) are rendered afresh on every request. A
 * signed-in response as a whole is still never cached or shared.
 *
 * How a part gets here: the first time a key is rendered, its element carries a marker attribute;
 * once the whole document is written, `finish` cuts the element's inner HTML out of it, keeps it,
 * and removes the marker. The browser hydrates the part against that HTML as usual: it is
 * byte for byte what React wrote in place.
 */

export const FRAGMENT_MARKER = "data-passage-fragment";

/** The longest a kept part may be, and all of them together (characters). */
const MAX_PART = 64 * 1024;
const MAX_TOTAL = 16 * 1024 * 1024;
const MAX_PARTS = 5_000;

// A part that holds raw text elements or React ids cannot be written into another page:
// a script or style could hide a closing tag, and useId's values depend on the place in the tree.
const NOT_REUSABLE = /<(?:script|style|textarea|template|title)[\s>]|_R_[0-9a-z]*_/i;

export class FragmentStore {
  // Oldest first. A part read since it was last passed over gets a second chance (CLOCK): a read
  // only sets a flag, so the map is not reordered on every hit.
  private parts = new Map<string, { html: string; used: boolean }>();
  private total = 0;

  get(key: string): string | undefined {
    const part = this.parts.get(key);
    if (part === undefined) return undefined;
    part.used = true;
    return part.html;
  }

  set(key: string, html: string) {
    if (html.length > MAX_PART) return;
    const old = this.parts.get(key);
    if (old !== undefined) {
      this.total -= old.html.length;
      this.parts.delete(key);
    }
    this.parts.set(key, { html, used: false });
    this.total += html.length;
    while (this.total > MAX_TOTAL || this.parts.size > MAX_PARTS) {
      const [oldest, part] = this.parts.entries().next().value!;
      this.parts.delete(oldest);
      if (part.used && oldest !== key) {
        part.used = false;
        this.parts.set(oldest, part);
      } else {
        this.total -= part.html.length;
      }
    }
  }

  get size() {
    return this.parts.size;
  }

  clear() {
    this.parts.clear();
    this.total = 0;
  }
}

/** The parts the server keeps (one store per process). */
export const fragmentStore = new FragmentStore();

/** One rendering's use of the store: what it found, and what it must keep once it is written. */
export class FragmentRender {
  private pending = new Map<string, string>();

  constructor(private readonly store: FragmentStore = fragmentStore) {}

  /** The kept inner HTML of `key`, or the marker value its element carries while it renders. */
  lookup(key: string): { html: string } | { marker: string } {
    const html = this.store.get(key);
    if (html !== undefined) return { html };
    const known = this.pending.get(key);
    if (known !== undefined) return { marker: known };
    const marker = String(this.pending.size);
    this.pending.set(key, marker);
    return { marker };
  }

  /**
   * Keeps each marked part's inner HTML and returns the document without the markers (the same
   * bytes when every part came from memory).
   */
  finish(document: Buffer): Buffer {
    if (this.pending.size === 0) return document;
    let html = document.toString("utf8");
    const markers = new RegExp(` ${FRAGMENT_MARKER}="\\d+"`, "g");
    for (const [key, marker] of this.pending) {
      const inner = innerHtmlOf(html, marker);
      // A part may hold parts of its own rendered for the first time: kept without their markers.
      if (inner !== null && !NOT_REUSABLE.test(inner))
        this.store.set(key, inner.replace(markers, ""));
    }
    html = html.replace(markers, "");
    return Buffer.from(html, "utf8");
  }
}

/**
 * The inner HTML of the element that carries the marker, in HTML as React writes it (every
 * element closed, `<` escaped in text and attributes), or null when it cannot be found whole.
 */
export function innerHtmlOf(html: string, marker: string): string | null {
  const attribute = ` ${FRAGMENT_MARKER}="${marker}"`;
  const at = html.indexOf(attribute);
  if (at === -1) return null;
  const open = html.lastIndexOf("<", at);
  const tag = /^<([a-z][a-z0-9-]*)[\s>]/i.exec(html.slice(open, open + 40))?.[1];
  if (!tag) return null;
  const start = html.indexOf(">", at) + 1;
  if (start === 0) return null;
  const tags = new RegExp(`<(/?)${tag}[\\s>]`, "gi");
  tags.lastIndex = start;
  let depth = 1;
  for (let m = tags.exec(html); m; m = tags.exec(html)) {
    depth += m[1] ? -1 : 1;
    if (depth === 0) return html.slice(start, m.index);
  }
  return null;
}
