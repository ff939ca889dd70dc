import { Form, Link, useNavigation } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button, buttonVariants } from "~/app/components/ui/button";
import type { StaffJobRow } from "~/server/jobs/admin.server";

/** The ?delete=<id> dialog: a job with applications is archived rather than deleted. */
export function DeleteJob({ job }: { job: StaffJobRow }) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete";
  return (
    <Form method="post" className="grid gap-4">
      <p className="font-medium">{job.title}</p>
      {job.applicationCount > 0 ? (
        <p className="text-sm text-amber-900" data-testid="archive-note">
          {t("jobs.delete.archiveNote", { count: job.applicationCount })}
        </p>
      ) : null}
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="jobId" value={job.id} />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to="?" className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {job.applicationCount > 0 ? t("jobs.delete.archiveButton") : t("jobs.delete.button")}
        </Button>
      </div>
    </Form>
  );
}
