import { BookmarkCheckIcon, BookmarkIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useFetcher, useLocation } from "react-router";
import { cn } from "~/app/lib/utils";
import { useHydrated } from "~/app/lib/use-hydrated";
import { buttonVariants } from "./ui/button";

/** Where the save button posts: the saved-jobs page's action (signed-in applicants only). */
export const SAVED_JOBS_PATH = "/dashboard/saved-jobs";

/**
 * Save or forget a job: a toggle (aria-pressed) whose label, once saved, says pressing removes
 * it ("Saved (remove)"). A plain form: without JavaScript it posts and comes back to this page;
 * with it, the button flips at once and the page's data refreshes without a reload. Shown only
 * to signed-in applicants, whose pages are never cached (decision record 11).
 */
export function SaveJobButton({
  jobId,
  title,
  saved,
  className,
}: {
  jobId: string;
  title: string;
  saved: boolean;
  className?: string;
}) {
  const { t } = useTranslation("jobs");
  const fetcher = useFetcher();
  const hydrated = useHydrated();
  const location = useLocation();
  const pending = fetcher.formData?.get("intent");
  const isSaved = pending ? pending === "save" : saved;
  return (
    <fetcher.Form method="post" action={SAVED_JOBS_PATH} className={cn("relative z-10", className)}>
      <input type="hidden" name="jobId" value={jobId} />
      <input type="hidden" name="intent" value={isSaved ? "unsave" : "save"} />
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      {/* With JavaScript the answer stays on this page (no redirect to follow). */}
      {hydrated ? <input type="hidden" name="stay" value="1" /> : null}
      <button
        type="submit"
        aria-pressed={isSaved}
        className={buttonVariants({ variant: "outline", size: "sm" })}
        data-testid="save-job"
      >
        {isSaved ? (
          <BookmarkCheckIcon className="text-primary-700" aria-hidden />
        ) : (
          <BookmarkIcon aria-hidden />
        )}
        {isSaved ? t("saved.unsave") : t("saved.save")}
        <span className="sr-only">: {title}</span>
      </button>
    </fetcher.Form>
  );
}
