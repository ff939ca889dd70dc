import { BookmarkPlusIcon } from "lucide-react";
import { Form, useLocation } from "react-router";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Button } from "~/app/components/ui/button";
import { InputField } from "~/app/components/ui/field";
import { applicationViewQuery, SAVED_VIEW_NAME_MAX } from "~/domain/saved-views";

/**
 * "Save as a view": the list's filters as they are in the address (after Search), under a name,
 * in the viewer's sidebar. Posts to /admin/views, which comes back to the list with the view open.
 */
export function SaveViewForm() {
  const { t } = useAdminT();
  const location = useLocation();
  return (
    <details className="group rounded-md border border-slate-200 bg-white p-3 text-sm">
      <summary className="flex cursor-pointer items-center gap-2 font-medium text-slate-800">
        <BookmarkPlusIcon aria-hidden className="size-4" />
        {t("applications.views.save")}
      </summary>
      <Form
        method="post"
        action="/admin/views"
        className="mt-3 flex flex-wrap items-end gap-2"
        data-testid="save-view-form"
      >
        <input type="hidden" name="intent" value="create" />
        <input type="hidden" name="query" value={applicationViewQuery(location.search)} />
        <InputField
          id="save-view-name"
          label={t("applications.views.name")}
          hint={t("applications.views.nameHint")}
          className="min-w-60 flex-1"
          inputProps={{ name: "name", required: true, maxLength: SAVED_VIEW_NAME_MAX }}
        />
        <Button type="submit" variant="outline">
          {t("applications.views.save")}
        </Button>
      </Form>
    </details>
  );
}
