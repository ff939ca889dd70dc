import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/**
 * False while the server renders and while the browser hydrates, true after: a page shows the
 * no-JavaScript form of a control (a submit button, an inline dialog) until its script runs.
 */
export function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
