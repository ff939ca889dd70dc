import { EyeIcon, FileTextIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { HeadCells } from "~/app/components/admin/wide-table";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { NativeSelect } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { BLOG_STATUS_TONE, BLOG_STATUSES } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import type { Post } from "~/server/content/posts.server";

const COLUMNS = ["title", "category", "status", "date"] as const;

/** The posts of this page with their status form (intent "status"), or the empty state. */
export function PostsTable({
  posts,
  withParams,
  hydrated,
}: {
  posts: Post[];
  withParams: (change: Record<string, string | null>) => string;
  hydrated: boolean;
}) {
  const { t, i18n } = useTranslation("cms");
  const dateFormat = dateFormatter(i18n.language, "date");
  const statusOptions = BLOG_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));
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
            <HeadCells
              columns={[
                ...COLUMNS.map((c) => t(`table.${c}`)),
                <span key="actions" className="sr-only">
                  {t("table.actions")}
                </span>,
              ]}
            />
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
                  <Badge tone={BLOG_STATUS_TONE[post.status]} className="max-lg:hidden">
                    {t(`status.${post.status}`)}
                  </Badge>
                  <NativeSelect
                    name="status"
                    defaultValue={post.status}
                    aria-label={t("table.statusFor", { title: post.title })}
                    compact
                    fit
                    onChange={(e) => e.currentTarget.form?.requestSubmit()}
                  >
                    <SelectOptions options={statusOptions} />
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
                  {(
                    [
                      ["view", `/news/${post.slug}`, EyeIcon],
                      ["edit", withParams({ edit: post.id, new: null, delete: null }), PencilIcon],
                      [
                        "delete",
                        withParams({ delete: post.id, new: null, edit: null }),
                        Trash2Icon,
                      ],
                    ] as const
                  ).map(([action, to, Icon]) => (
                    <Link
                      key={action}
                      to={to}
                      preventScrollReset={action !== "view"}
                      className={buttonVariants({ variant: "ghost", size: "sm" })}
                    >
                      <Icon
                        aria-hidden
                        className={action === "delete" ? "text-red-700" : undefined}
                      />
                      {t(`actions.${action}`)}
                      <span className="sr-only">: {post.title}</span>
                    </Link>
                  ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
