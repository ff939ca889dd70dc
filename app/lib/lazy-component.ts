import { type ComponentType, lazy } from "react";

/**
 * A component whose code the browser fetches only when a page renders it (`React.lazy`), while
 * the server still renders it in place, in the first HTML, without suspending: the route's
 * loader (server-only code) calls `preload()`, and from then on the lazy component resolves at
 * once on the server. In the browser, hydration waits for the code inside the `<Suspense>`
 * around it, and the server's HTML (a plain form works without JavaScript) stays until then.
 *
 * `const applyForm = lazyComponent(() => import("./apply-form").then((m) => m.ApplyForm));`
 * then `await applyForm.preload()` in the loader and `<Suspense><applyForm.Component /></Suspense>`.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>) {
  let ready: ComponentType<P> | undefined;
  const Component = lazy<ComponentType<P>>(() => {
    if (!ready) return load().then((component) => ({ default: component }));
    const loaded = { default: ready };
    // React reads a thenable that calls back at once as already resolved: no suspense.
    return { then: (resolve: (value: typeof loaded) => void) => resolve(loaded) } as never;
  });
  return {
    Component,
    preload: async () => {
      ready ??= await load();
    },
  };
}
