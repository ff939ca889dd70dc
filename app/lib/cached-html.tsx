import {
  createContext,
  type ElementType,
  type AllHTMLAttributes,
  type ReactNode,
  useContext,
} from "react";

/** What a server rendering offers `CachedHtml` (app/lib/fragment-cache.server.ts). */
export type FragmentLookup = { lookup(key: string): { html: string } | { marker: string } };

/** Given only to a signed-in page's server rendering; the browser and other renderings get none. */
export const FragmentContext = createContext<FragmentLookup | null>(null);

/**
 * An element whose content is the same for everyone who may see it, written from memory after its
 * first rendering (app/lib/fragment-cache.server.ts). `cacheKey` must name everything the content
 * is made of — each value it shows or decides by, the language — and nothing personal may be in
 * it; `null` renders it as usual. The element itself is always rendered, and the browser renders
 * and hydrates the children as usual: they make exactly the HTML that was kept.
 *
 * The content must not use `useId`, render scripts, styles or anything React hoists into the
 * head: such a part is never kept.
 *
 * `children` may be a function that makes the content (it must call no hooks): it is called only
 * when the content is rendered, so a part written from memory costs none of its translations,
 * formatting and elements.
 */
export function CachedHtml({
  as: Tag = "div",
  cacheKey,
  children,
  ...props
}: {
  as?: ElementType;
  cacheKey: string | null;
  children: ReactNode | (() => ReactNode);
} & Omit<AllHTMLAttributes<HTMLElement>, "children" | "dangerouslySetInnerHTML" | "as"> & {
    "data-testid"?: string;
  }) {
  const fragments = useContext(FragmentContext);
  const content = () => (typeof children === "function" ? children() : children);
  if (!fragments || cacheKey === null) return <Tag {...props}>{content()}</Tag>;
  const found = fragments.lookup(cacheKey);
  if ("html" in found) return <Tag {...props} dangerouslySetInnerHTML={{ __html: found.html }} />;
  return (
    <Tag {...props} data-passage-fragment={found.marker}>
      {content()}
    </Tag>
  );
}

/**
 * A short name for a value that goes into a cache key: the same for every value with the same JSON,
 * and never given to another JSON (names are counted up, never reused). Kept per object, since
 * loader data read from memory is the same object from one request to the next; a name is a few
 * characters however long the value, so keys stay cheap to compare.
 */
const namesOfObjects = new WeakMap<object, string>();
const namesOfJson = new Map<string, string>();
let lastName = 0;
const MAX_NAMED = 50_000;

function nameOfJson(json: string): string {
  let name = namesOfJson.get(json);
  if (name === undefined) {
    // Forgetting the names only makes later keys new ones (a part rendered once more), never wrong.
    if (namesOfJson.size >= MAX_NAMED) namesOfJson.clear();
    name = `#${(++lastName).toString(36)}`;
    namesOfJson.set(json, name);
  }
  return name;
}

export function keyOf(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "undefined";
  let name = namesOfObjects.get(value);
  if (name === undefined) namesOfObjects.set(value, (name = nameOfJson(JSON.stringify(value))));
  return name;
}
