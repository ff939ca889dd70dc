import { useId } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CachedHtml, FragmentContext, keyOf } from "./cached-html";
import { FragmentRender, FragmentStore, innerHtmlOf } from "./fragment-cache.server";

/** Renders `page` as a signed-in page is rendered: with the store, then `finish`. */
function render(page: React.ReactNode, store: FragmentStore) {
  const fragments = new FragmentRender(store);
  const html = renderToString(
    <FragmentContext.Provider value={fragments}>{page}</FragmentContext.Provider>,
  );
  return fragments.finish(Buffer.from(html)).toString("utf8");
}

function Card({ title, counted }: { title: string; counted: { renders: number } }) {
  counted.renders++;
  return (
    <>
      <h3>{title}</h3>
      <ul>
        <li>
          <ul>
            <li>nested</li>
          </ul>
        </li>
        <li>{title} &amp; more</li>
      </ul>
    </>
  );
}

function Page({ titles, counted }: { titles: string[]; counted: { renders: number } }) {
  return (
    <main>
      {titles.map((title) => (
        <article key={title}>
          <CachedHtml as="ul" className="cards" cacheKey={`card:${keyOf({ title })}`}>
            <li>
              <Card title={title} counted={counted} />
            </li>
          </CachedHtml>
          <button type="button">Save {title}</button>
        </article>
      ))}
    </main>
  );
}

describe("parts of a page kept and written from memory", () => {
  it("writes a kept part byte for byte as it was first rendered, and renders it only once", () => {
    const store = new FragmentStore();
    const counted = { renders: 0 };
    const first = render(<Page titles={["Nurse", "Welder"]} counted={counted} />, store);
    expect(counted.renders).toBe(2);
    expect(first).not.toContain("data-passage-fragment");
    const second = render(<Page titles={["Nurse", "Welder"]} counted={counted} />, store);
    expect(counted.renders).toBe(2);
    expect(second).toBe(first);
    // What the browser renders (no store): the very same HTML, so hydration matches it.
    expect(renderToString(<Page titles={["Nurse", "Welder"]} counted={counted} />)).toBe(first);
  });

  it("renders a part afresh when anything in its key changes", () => {
    const store = new FragmentStore();
    const counted = { renders: 0 };
    render(<Page titles={["Nurse"]} counted={counted} />, store);
    const other = render(<Page titles={["Nurse <RN>"]} counted={counted} />, store);
    expect(counted.renders).toBe(2);
    expect(other).toContain("<h3>Nurse &lt;RN&gt;</h3>");
  });

  it("keeps a part that holds a part of its own, without the inner one's marker", () => {
    const store = new FragmentStore();
    const page = (
      <div>
        <CachedHtml as="section" cacheKey="outer">
          <h2>Jobs</h2>
          <CachedHtml as="ul" cacheKey="inner">
            <li>Nurse</li>
          </CachedHtml>
        </CachedHtml>
      </div>
    );
    const first = render(page, store);
    expect(store.size).toBe(2);
    expect(store.get("outer")).toBe("<h2>Jobs</h2><ul><li>Nurse</li></ul>");
    expect(render(page, store)).toBe(first);
    expect(first).toBe(renderToString(page));
  });

  it("never keeps a part with React ids or a script in it", () => {
    function WithId() {
      const id = useId();
      return <label htmlFor={id}>Name</label>;
    }
    const store = new FragmentStore();
    const html = render(
      <div>
        <CachedHtml cacheKey="with-id">
          <WithId />
        </CachedHtml>
        <CachedHtml cacheKey="with-script">
          <script dangerouslySetInnerHTML={{ __html: "window.x = '</div>'" }} />
        </CachedHtml>
      </div>,
      store,
    );
    expect(store.size).toBe(0);
    expect(html).not.toContain("data-passage-fragment");
  });

  it("renders as usual where no store is given, or with no key", () => {
    const counted = { renders: 0 };
    const plain = renderToString(<Page titles={["Nurse"]} counted={counted} />);
    expect(plain).not.toContain("data-passage-fragment");
    const store = new FragmentStore();
    const fragments = new FragmentRender(store);
    renderToString(
      <FragmentContext.Provider value={fragments}>
        <CachedHtml cacheKey={null}>
          <p>personal</p>
        </CachedHtml>
      </FragmentContext.Provider>,
    );
    expect(store.size).toBe(0);
  });

  it("makes content given as a function only when it renders it, with the same HTML", () => {
    const made = { times: 0 };
    const Part = ({ title }: { title: string }) => (
      <CachedHtml as="section" cacheKey={`part:${title}`}>
        {() => {
          made.times++;
          return (
            <>
              <h2>{title}</h2>
              text {title}
            </>
          );
        }}
      </CachedHtml>
    );
    const store = new FragmentStore();
    const first = render(<Part title="Nurse" />, store);
    const second = render(<Part title="Nurse" />, store);
    expect(made.times).toBe(1);
    expect(second).toBe(first);
    // The browser (no store) makes it every time, into the same HTML it hydrates.
    expect(renderToString(<Part title="Nurse" />)).toBe(first);
    expect(made.times).toBe(2);
  });

  it("finds an element's inner HTML across nested elements of the same name", () => {
    const html =
      '<ul class="a"><li>1</li></ul><ul data-passage-fragment="3" class="b"><li><ul><li>2</li></ul></li><li>3</li></ul><ul><li>4</li></ul>';
    expect(innerHtmlOf(html, "3")).toBe("<li><ul><li>2</li></ul></li><li>3</li>");
    expect(innerHtmlOf(html, "4")).toBeNull();
    expect(innerHtmlOf('<div data-passage-fragment="1"><div>', "1")).toBeNull();
  });

  it("keeps the most recently used parts within its bounds", () => {
    const store = new FragmentStore();
    const big = "x".repeat(60 * 1024);
    for (let i = 0; i < 400; i++) store.set(`k${i}`, big);
    // 16 Mi characters hold 273 parts of 60 Ki: the oldest went first.
    expect(store.size).toBe(273);
    expect(store.get("k0")).toBeUndefined();
    expect(store.get("k399")).toBe(big);
    store.set("too-big", "y".repeat(65 * 1024));
    expect(store.get("too-big")).toBeUndefined();
  });

  it("lets a part read since it was kept outlive older parts nobody read", () => {
    const store = new FragmentStore();
    const big = "x".repeat(60 * 1024);
    for (let i = 0; i < 273; i++) store.set(`k${i}`, big);
    expect(store.get("k0")).toBe(big);
    store.set("k273", big);
    store.set("k274", big);
    expect(store.get("k0")).toBe(big);
    expect(store.get("k1")).toBeUndefined();
    expect(store.get("k2")).toBeUndefined();
  });

  it("names equal values alike and different values apart, briefly", () => {
    expect(keyOf({ a: 1, b: [2] })).toBe(keyOf({ a: 1, b: [2] }));
    expect(keyOf({ a: 1, b: [2] })).not.toBe(keyOf({ a: 1, b: [3] }));
    expect(keyOf({ text: "x".repeat(500) }).length).toBeLessThan(10);
    expect(keyOf("a:b")).toBe('"a:b"');
  });
});
