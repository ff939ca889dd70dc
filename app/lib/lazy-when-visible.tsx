import { type ComponentType, memo, Suspense, useEffect, useRef } from "react";
import { lazyComponent } from "~/app/lib/lazy-component";

/**
 * A part of a page below the fold whose code the browser fetches only when a person scrolls to it
 * (or touches or tabs into it): until then the server's HTML stays as it is — links are links and a
 * search form is a plain GET form, so nothing is lost — and a visitor who never scrolls that far
 * never pays for it. The server renders it in place (the loader awaits `preload()`, as with
 * `lazyComponent`). Rendered fresh in the browser (after a client-side navigation), it loads at once.
 *
 * The part must not be updated before it hydrates (React would drop the server's HTML and show
 * nothing until the code came): the wrapper is memoized, so give it props that keep their identity
 * (loader data does), and it never updates itself.
 */
export function lazyWhenVisible<P extends object>(load: () => Promise<ComponentType<P>>) {
  let open: () => void = () => {};
  const visible = new Promise<void>((resolve) => (open = resolve));
  // (On the server there is nothing to wait for: it renders the part in place.)
  const part = lazyComponent(() => (import.meta.env.SSR ? load() : visible.then(load)));

  function WhenVisible(props: P) {
    const ref = useRef<HTMLDivElement>(null);
    const hydrating = useRef<boolean | null>(null);
    hydrating.current ??= isFirstRender();
    if (!hydrating.current) open();
    useEffect(() => {
      const element = ref.current;
      if (!element || typeof IntersectionObserver === "undefined") return open();
      const observer = new IntersectionObserver(
        (entries) => {
          if (entries.some((entry) => entry.isIntersecting)) open();
        },
        { rootMargin: "200px" },
      );
      observer.observe(element);
      element.addEventListener("pointerdown", open, { once: true });
      element.addEventListener("focusin", open, { once: true });
      return () => {
        observer.disconnect();
        element.removeEventListener("pointerdown", open);
        element.removeEventListener("focusin", open);
      };
    }, []);
    return (
      <div ref={ref}>
        <Suspense fallback={null}>
          <part.Component {...props} />
        </Suspense>
      </div>
    );
  }
  return { Component: memo(WhenVisible), preload: part.preload };
}

/**
 * True while the browser hydrates the server's first page: the root layout marks the document once
 * that is done (app/root.tsx), so any later render is a fresh one. On the server, true.
 */
function isFirstRender() {
  return typeof document === "undefined" || !document.documentElement.hasAttribute("data-hydrated");
}
