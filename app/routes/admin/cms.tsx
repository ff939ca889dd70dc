import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  useForm,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { EyeIcon, FileTextIcon, PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import {
  Form,
  isRouteErrorResponse,
  Link,
  useNavigate,
  useNavigation,
  useSearchParams,
} from "react-router";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import { Prose } from "~/app/components/prose";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/app/components/ui/dialog";
import { InputField, SelectField, TextareaField } from "~/app/components/ui/field";
import { NativeSelect } from "~/app/components/ui/input";
import { i18nHandle } from "~/app/i18n/namespaces";
import { translateErrors } from "~/app/lib/form-errors";
import { pageMeta } from "~/app/lib/seo";
import { readPage } from "~/domain/admin";
import { PostFormSchema, slugify } from "~/domain/content";
import { BLOG_CATEGORIES, BLOG_STATUSES, type BlogStatus } from "~/domain/enums";
import { requireStaff } from "~/server/auth/guards.server";
import {
  getPostByIdForStaff,
  getPostStatsForStaff,
  listAllPostsForStaff,
  type Post,
} from "~/server/content/posts.server";
import type { Route } from "./+types/cms";
import { handleCmsAction } from "./cms.server";

export const handle: ShellHandle = { ...i18nHandle("cms"), titleKey: "titles.cms" };
export const meta = () => pageMeta({ title: "Content Management", noindex: true });

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const page = readPage(url.searchParams.get("page")); // 1…99,999: a wild ?page= is page 1
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

function toEditable(post: Post) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    excerpt: post.excerpt ?? "",
    content: post.content,
    category: post.category,
    status: post.status,
    featuredImageUrl: post.featuredImageUrl ?? "",
    metaTitle: post.metaTitle ?? "",
    metaDescription: post.metaDescription ?? "",
    tags: post.tags.join(", "),
  };
}
type Editable = ReturnType<typeof toEditable>;

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  return handleCmsAction(request, viewer);
}

const subscribeNothing = () => () => {};
/** False during server rendering and hydration, true after: the no-JS page shows forms inline. */
function useHydrated() {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

const STATUS_TONE = { draft: "waiting", published: "success", archived: "neutral" } as const;

export default function CmsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("cms");
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const { stats, list, editing, deleting, creating } = loaderData;
  const notice = params.get("notice");
  const error = actionData?.error ?? null;

  const withParams = (change: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("notice");
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
  const editor = editorOpen ? (
    <PostEditor
      key={editing?.id ?? "new"}
      post={editing}
      actionData={
        actionData?.intent === "save" || actionData?.intent === "preview" ? actionData : null
      }
      closeHref={closeHref}
    />
  ) : null;

  return (
    <div className="grid gap-6">
      {notice && ["created", "updated", "status", "deleted"].includes(notice) ? (
        <Alert tone="success" data-testid="cms-notice">
          {t(`messages.${notice}` as "messages.created")}
        </Alert>
      ) : null}
      {error && !editorOpen ? (
        <Alert tone="error" title={t("messages.errorTitle")}>
          {t(error as "messages.failedSave")}
        </Alert>
      ) : null}

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
              {BLOG_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
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
          <DeleteConfirm post={deleting} closeHref={closeHref} />
        </Card>
      ) : null}

      <PostsTable posts={list.items} withParams={withParams} hydrated={hydrated} />

      {list.pageCount > 1 ? (
        <nav aria-label={t("paging.label")} className="flex items-center justify-between gap-2">
          {list.page > 1 ? (
            <Link
              to={withParams({ page: String(list.page - 1) })}
              className={buttonVariants({ variant: "outline" })}
            >
              {t("paging.previous")}
            </Link>
          ) : (
            <span />
          )}
          <span className="text-sm text-slate-700">
            {t("paging.status", { page: list.page, pageCount: list.pageCount })}
          </span>
          {list.page < list.pageCount ? (
            <Link
              to={withParams({ page: String(list.page + 1) })}
              className={buttonVariants({ variant: "outline" })}
            >
              {t("paging.next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}

      {hydrated ? (
        <>
          <Dialog open={editorOpen} onOpenChange={(open) => (open ? null : close())}>
            <DialogContent className="max-w-3xl" closeLabel={t("actions.close")}>
              <DialogHeader>
                <DialogTitle>{editing ? t("editor.editTitle") : t("editor.newTitle")}</DialogTitle>
                <DialogDescription>{t("editor.description")}</DialogDescription>
              </DialogHeader>
              {editor}
            </DialogContent>
          </Dialog>
          <Dialog open={deleting !== null} onOpenChange={(open) => (open ? null : close())}>
            <DialogContent closeLabel={t("actions.close")}>
              {deleting ? <DeleteConfirm post={deleting} closeHref={closeHref} /> : null}
            </DialogContent>
          </Dialog>
        </>
      ) : null}
    </div>
  );
}

function PostsTable({
  posts,
  withParams,
  hydrated,
}: {
  posts: Post[];
  withParams: (change: Record<string, string | null>) => string;
  hydrated: boolean;
}) {
  const { t, i18n } = useTranslation("cms");
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  if (posts.length === 0) {
    return (
      <Card className="grid justify-items-center gap-2 p-10 text-center">
        <FileTextIcon aria-hidden className="size-8 text-slate-400" />
        <p className="font-medium text-slate-900">{t("empty.title")}</p>
        <p className="text-sm text-slate-600">{t("empty.body")}</p>
      </Card>
    );
  }
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{t("table.caption")}</caption>
        <thead className="hidden bg-slate-50 text-slate-700 md:table-header-group">
          <tr>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("table.title")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("table.category")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("table.status")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              {t("table.date")}
            </th>
            <th scope="col" className="px-4 py-3 font-medium">
              <span className="sr-only">{t("table.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {posts.map((post) => (
            <tr
              key={post.id}
              className="grid gap-2 p-4 md:table-row md:p-0"
              data-testid="cms-post-row"
            >
              <td className="md:px-4 md:py-3">
                <p className="font-medium text-slate-900">{post.title}</p>
                <p className="text-xs break-all text-slate-600">/news/{post.slug}</p>
              </td>
              <td className="md:px-4 md:py-3">
                <span className="md:hidden text-slate-600">{t("table.category")}: </span>
                {t(`category.${post.category}`)}
              </td>
              <td className="md:px-4 md:py-3">
                <Form method="post" className="flex items-center gap-2">
                  <input type="hidden" name="intent" value="status" />
                  <input type="hidden" name="id" value={post.id} />
                  <Badge tone={STATUS_TONE[post.status]} className="hidden lg:inline-flex">
                    {t(`status.${post.status}`)}
                  </Badge>
                  <NativeSelect
                    name="status"
                    defaultValue={post.status}
                    aria-label={t("table.statusFor", { title: post.title })}
                    className="h-9 w-auto"
                    onChange={(e) => e.currentTarget.form?.requestSubmit()}
                  >
                    {BLOG_STATUSES.map((s) => (
                      <option key={s} value={s}>
                        {t(`status.${s}`)}
                      </option>
                    ))}
                  </NativeSelect>
                  {hydrated ? null : (
                    <Button type="submit" size="sm" variant="outline">
                      {t("actions.applyStatus")}
                    </Button>
                  )}
                </Form>
              </td>
              <td className="text-slate-700 md:px-4 md:py-3">
                {post.publishedAt
                  ? t("table.publishedOn", { date: dateFormat.format(new Date(post.publishedAt)) })
                  : t("table.createdOn", { date: dateFormat.format(new Date(post.createdAt)) })}
              </td>
              <td className="md:px-4 md:py-3">
                <div className="flex flex-wrap gap-1 md:justify-end">
                  <Link
                    to={`/news/${post.slug}`}
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                  >
                    <EyeIcon aria-hidden />
                    {t("actions.view")}
                    <span className="sr-only">: {post.title}</span>
                  </Link>
                  <Link
                    to={withParams({ edit: post.id, new: null, delete: null })}
                    preventScrollReset
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                  >
                    <PencilIcon aria-hidden />
                    {t("actions.edit")}
                    <span className="sr-only">: {post.title}</span>
                  </Link>
                  <Link
                    to={withParams({ delete: post.id, new: null, edit: null })}
                    preventScrollReset
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                  >
                    <Trash2Icon aria-hidden className="text-red-700" />
                    {t("actions.delete")}
                    <span className="sr-only">: {post.title}</span>
                  </Link>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeleteConfirm({
  post,
  closeHref,
}: {
  post: { id: string; title: string };
  closeHref: string;
}) {
  const { t } = useTranslation("cms");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 pr-8">
        <h2 className="text-lg font-semibold">{t("delete.title")}</h2>
        <p className="text-sm text-slate-700">{t("delete.body", { title: post.title })}</p>
      </div>
      <Form method="post" className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="delete" />
        <input type="hidden" name="id" value={post.id} />
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" variant="destructive" disabled={busy}>
          {t("delete.confirm")}
        </Button>
      </Form>
    </div>
  );
}

type EditorActionData = {
  intent: string;
  result?: Parameters<typeof useForm>[0]["lastResult"];
  preview: string | null;
  error: string | null;
} | null;

function PostEditor({
  post,
  actionData,
  closeHref,
}: {
  post: Editable | null;
  actionData: EditorActionData;
  closeHref: string;
}) {
  const { t } = useTranslation("cms");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm({
    id: `post-${post?.id ?? "new"}`,
    lastResult: actionData?.result,
    defaultValue: post ?? { category: "news", status: "draft" },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PostFormSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  const tr = (errors: unknown) => translateErrors(t, errors);
  const slugPreview = slugify(String(fields.slug.value ?? "") || String(fields.title.value ?? ""));
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-4"
    >
      {post ? <input type="hidden" name="id" value={post.id} /> : null}
      {actionData?.error ? (
        <Alert tone="error" title={t("messages.errorTitle")}>
          {t(actionData.error as "messages.failedSave")}
        </Alert>
      ) : null}
      <InputField
        id={fields.title.id}
        label={t("fields.title")}
        errors={tr(fields.title.errors)}
        inputProps={{ ...getInputProps(fields.title, { type: "text" }), required: true }}
      />
      <InputField
        id={fields.slug.id}
        label={t("fields.slug")}
        hint={t("fields.slugHint", { slug: slugPreview || "…" })}
        errors={tr(fields.slug.errors)}
        inputProps={getInputProps(fields.slug, { type: "text" })}
      />
      <TextareaField
        id={fields.excerpt.id}
        label={t("fields.excerpt")}
        errors={tr(fields.excerpt.errors)}
        textareaProps={{ ...getTextareaProps(fields.excerpt), rows: 2 }}
      />
      <TextareaField
        id={fields.content.id}
        label={t("fields.content")}
        hint={t("fields.contentHint")}
        errors={tr(fields.content.errors)}
        textareaProps={{
          ...getTextareaProps(fields.content),
          rows: 12,
          className: "font-mono text-sm",
        }}
      />
      <div>
        <Button type="submit" name="intent" value="preview" variant="outline" formNoValidate>
          <EyeIcon aria-hidden />
          {t("actions.preview")}
        </Button>
      </div>
      {actionData?.preview !== null && actionData?.preview !== undefined ? (
        <section
          aria-labelledby="post-preview-title"
          className="grid gap-2 rounded-lg border border-slate-200 p-4"
        >
          <h3 id="post-preview-title" className="text-sm font-semibold text-slate-700">
            {t("editor.preview")}
          </h3>
          {actionData.preview ? (
            <Prose html={actionData.preview} data-testid="post-preview" />
          ) : (
            <p className="text-sm text-slate-600">{t("editor.previewEmpty")}</p>
          )}
        </section>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id={fields.category.id}
          label={t("fields.category")}
          errors={tr(fields.category.errors)}
          selectProps={getSelectProps(fields.category)}
        >
          {BLOG_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`category.${c}`)}
            </option>
          ))}
        </SelectField>
        <SelectField
          id={fields.status.id}
          label={t("fields.status")}
          hint={t("fields.statusHint")}
          errors={tr(fields.status.errors)}
          selectProps={getSelectProps(fields.status)}
        >
          {BLOG_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={`${form.id}-featured-image`}
          label={t("fields.featuredImage")}
          hint={t("fields.featuredImageUploadHint")}
          errors={tr(form.allErrors.featuredImage)}
          inputProps={{
            type: "file",
            name: "featuredImage",
            accept: "image/jpeg,image/png,image/webp,image/gif",
            className: "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-2 file:py-1",
          }}
        />
        <InputField
          id={fields.featuredImageUrl.id}
          label={t("fields.featuredImageUrl")}
          hint={t("fields.featuredImageHint")}
          errors={tr(fields.featuredImageUrl.errors)}
          inputProps={getInputProps(fields.featuredImageUrl, { type: "text" })}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <InputField
          id={fields.metaTitle.id}
          label={t("fields.metaTitle")}
          errors={tr(fields.metaTitle.errors)}
          inputProps={getInputProps(fields.metaTitle, { type: "text" })}
        />
        <InputField
          id={fields.tags.id}
          label={t("fields.tags")}
          hint={t("fields.tagsHint")}
          errors={tr(fields.tags.errors)}
          inputProps={getInputProps(fields.tags, { type: "text" })}
        />
      </div>
      <TextareaField
        id={fields.metaDescription.id}
        label={t("fields.metaDescription")}
        errors={tr(fields.metaDescription.errors)}
        textareaProps={{ ...getTextareaProps(fields.metaDescription), rows: 2 }}
      />
      <div className="flex flex-wrap justify-end gap-2">
        <Link to={closeHref} preventScrollReset className={buttonVariants({ variant: "outline" })}>
          {t("actions.cancel")}
        </Link>
        <Button type="submit" name="intent" value="save" disabled={busy}>
          {busy ? t("actions.saving") : post ? t("actions.update") : t("actions.create")}
        </Button>
      </div>
    </Form>
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
