import { useEffect, useRef } from "react";
import { useNavigation } from "react-router";

/**
 * After a form's action (a status change in a list, a save, a bulk action), focus stays where the
 * person was: the page re-renders, and a control that was disabled while it saved, or replaced by
 * its new version, would otherwise leave focus on the body (the top of the page for a keyboard or
 * screen-reader user). When focus was lost, it goes back to the control of the same id, else to
 * the control itself if it is still there, else to the page's status message.
 */
export function useKeepFocusAfterActions() {
  const navigation = useNavigation();
  const last = useRef<{ element: HTMLElement; id: string } | null>(null);
  const submitting = useRef(false);

  useEffect(() => {
    const remember = (event: FocusEvent) => {
      const element = event.target;
      if (element instanceof HTMLElement && element !== document.body) {
        // A button without an id (a row's Update) comes back to its form's own field.
        const field = element
          .closest("form")
          ?.querySelector<HTMLElement>("select[id], textarea[id], input[id]:not([type=hidden])");
        last.current = { element, id: element.id || field?.id || "" };
      }
    };
    document.addEventListener("focusin", remember);
    return () => document.removeEventListener("focusin", remember);
  }, []);

  useEffect(() => {
    if (navigation.state === "submitting") submitting.current = true;
    if (navigation.state !== "idle" || !submitting.current) return;
    submitting.current = false;
    // After the new page has rendered and any dialog has handed focus back.
    const timer = window.setTimeout(() => {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const was = last.current;
      const target =
        (was?.id ? document.getElementById(was.id) : null) ??
        (was?.element.isConnected ? was.element : null) ??
        document.querySelector<HTMLElement>('[data-testid="flash"]');
      if (!target) return;
      if (target.tabIndex < 0 && !target.matches("a[href], button, input, select, textarea")) {
        target.setAttribute("tabindex", "-1");
      }
      target.focus();
    }, 50);
    return () => window.clearTimeout(timer);
  }, [navigation.state]);
}
