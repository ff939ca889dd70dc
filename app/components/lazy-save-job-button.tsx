import { type ComponentProps, Suspense } from "react";
import { lazyComponent } from "~/app/lib/lazy-component";
import type { SaveJobButton } from "./save-job-button";

// Only signed-in applicants get a save button, so a visitor's first visit (the home page, /jobs, a
// job's page) never downloads its code. The server resolves it at start-up and renders it in
// place; an applicant's browser fetches it while hydrating, and the server's plain form (which
// works without JavaScript) stays until then.
const saveButton = lazyComponent(() => import("./save-job-button").then((m) => m.SaveJobButton));
if (import.meta.env.SSR) void saveButton.preload();

export function LazySaveJobButton(props: ComponentProps<typeof SaveJobButton>) {
  return (
    <Suspense fallback={null}>
      <saveButton.Component {...props} />
    </Suspense>
  );
}
