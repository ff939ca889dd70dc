import { PlusIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, isRouteErrorResponse, Link, useNavigate, useSearchParams } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { TitledDialog } from "~/app/components/admin/titled-dialog";
import { Pager } from "~/app/components/pager";
import { Alert } from "~/app/components/ui/alert";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { Dialog, DialogContent } from "~/app/components/ui/dialog";
import { NativeSelect } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { useHydrated } from "~/app/lib/use-hydrated";
import { guardedRequest } from "~/app/lib/guarded-request";
import { BLOG_STATUSES, type BlogStatus } from "~/domain/enums";
import { requireStaff } from "~/server/auth/guards.server";
import {
  getPostByIdForStaff,
  getPostStatsForStaff,
  listAllPostsForStaff,
} from "~/server/content/posts.server";
import type { Route } from "./+types/cms";
import { DeletePost } from "./cms-delete";
import { PostEditor, toEditable } from "./cms-editor";
import { PostsTable } from "./cms-table";
import { changePostStatus, previewPost, removePost, savePost } from "./cms.server";
import { runIntent } from "~/app/lib/intent-action.server";
import { revalidateAfterStale } from "~/app/lib/action-result";

export const { handle, meta } = shellScreen(i18nHandle("cms"), "titles.cms");

/** After a save refused as stale, the page shows the record as it is now (decision record 37). */
export const shouldRevalidate = revalidateAfterStale;

export async function loader({ request }: Route.LoaderArgs) {
  const { url, page } = await guardedRequest(request, requireStaff);
  const statusParam = url.searchParams.get("status");
  const status = (BLOG_STATUSES as readonly string[]).includes(statusParam ?? "")
    ? (statusParam as BlogStatus)
    : null;
  const [stats, list] = await Promise.all([
    getPostStatsForStaff(),
    listAllPostsForStaff({ page, status }),
  ]);
  // The post being edited or deleted comes from the URL, so the dialog also works without JS.
  const editId = url.searchParams.get("edit");
  const deleteId = url.searchParams.get("delete");
  const findPost = async (id: string | null) => {
    if (!id) return null;
    const onPage = list.items.find((p) => p.id === id);
    if (onPage) return onPage;
    return getPostByIdForStaff(id);
  };
  const [editing, deleting] = await Promise.all([findPost(editId), findPost(deleteId)]);
  return {
    stats,
    list,
    status,
    editing: editing ? toEditable(editing) : null,
    deleting: deleting ? { id: deleting.id, title: deleting.title } : null,
    creating: url.searchParams.has("new"),
  };
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireStaff,
    { preview: previewPost, save: savePost, status: changePostStatus, delete: removePost },
    { unknown: "messages.failedSave" },
  );

/** The confirmations the list shows after a redirect (?done=<key>), as keys of the cms namespace. */
const CMS_DONE = {
  created: "messages.created",
  updated: "messages.updated",
  status: "messages.status",
  deleted: "messages.deleted",
};

export default function CmsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("cms");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { stats, list, editing, deleting, creating } = loaderData;

  const withParams = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("done");
    for (const [k, v] of Object.entries(change)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    return qs ? `/admin/cms?${qs}` : "/admin/cms";
  };
  const closeHref = withParams({ edit: null, new: null, delete: null });
  const close = () => navigate(closeHref, { preventScrollReset: true, replace: true });

  const editorOpen = creating || editing !== null;
  const editorReply =
    actionData?.intent === "save" || actionData?.intent === "preview" ? actionData : null;
  const editor = editorOpen ? (
    <PostEditor
      key={editing?.id ?? "new"}
      post={editing}
      reply={editorReply}
      closeHref={closeHref}
    />
  ) : null;

  return (
    <div className="grid gap-6">
      <DoneFlash ns="cms" messages={CMS_DONE} className="" />
      {editorOpen ? null : <Flash flash={actionData?.flash} ns="cms" className="" />}

      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-label={t("stats.label")}>
        {(
          [
            ["total", stats.total],
            ["published", stats.published],
            ["drafts", stats.drafts],
            ["successStories", stats.successStories],
          ] as const
        ).map(([key, value]) => (
          <li key={key}>
            <Card className="grid gap-1 p-4">
              <span className="text-sm text-slate-600">{t(`stats.${key}`)}</span>
              <span className="text-2xl font-bold text-slate-900">{value}</span>
            </Card>
          </li>
        ))}
      </ul>

      <div className="flex flex-wrap items-end justify-between gap-3">
        <Form method="get" className="flex items-end gap-2">
          <div className="grid gap-1">
            <label htmlFor="cms-status-filter" className="text-sm font-medium text-slate-800">
              {t("filter.status")}
            </label>
            <NativeSelect
              id="cms-status-filter"
              name="status"
              defaultValue={loaderData.status ?? ""}
              onChange={(e) => e.currentTarget.form?.requestSubmit()}
            >
              <option value="">{t("filter.all")}</option>
              <SelectOptions
                options={BLOG_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
              />
            </NativeSelect>
          </div>
          {hydrated ? null : (
            <Button type="submit" variant="outline">
              {t("filter.apply")}
            </Button>
          )}
        </Form>
        <Link
          to={withParams({ new: "1", edit: null, delete: null })}
          preventScrollReset
          className={buttonVariants()}
        >
          <PlusIcon aria-hidden />
          {t("actions.new")}
        </Link>
      </div>

      {!hydrated && editor ? <Card className="p-5">{editor}</Card> : null}
      {!hydrated && deleting ? (
        <Card className="p-5">
          <DeletePost post={deleting} closeHref={closeHref} />
        </Card>
      ) : null}

      <PostsTable posts={list.items} withParams={withParams} hydrated={hydrated} />

      <Pager page={list} drop={["new", "edit", "delete", "done"]} />

      {hydrated ? (
        <>
          <TitledDialog
            open={editorOpen}
            onOpenChange={(open) => (open ? null : close())}
            title={editing ? t("editor.editTitle") : t("editor.newTitle")}
            description={t("editor.description")}
            closeLabel={t("actions.close")}
            width="3xl"
          >
            {editor}
          </TitledDialog>
          <Dialog open={deleting !== null} onOpenChange={(open) => (open ? null : close())}>
            <DialogContent closeLabel={t("actions.close")}>
              {deleting ? <DeletePost post={deleting} closeHref={closeHref} /> : null}
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation("cms");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="grid gap-4">
      <Alert tone="error" title={t("messages.errorTitle")}>
        {notFound ? t("messages.notFound") : t("messages.failedFetch")}
      </Alert>
      <Link to="/admin/cms" className={buttonVariants({ variant: "outline" })}>
        {t("messages.backToPosts")}
      </Link>
    </div>
  );
}
