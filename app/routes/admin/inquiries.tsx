import { LoadError } from "~/app/components/admin/load-error";
import { parseWithZod } from "@conform-to/zod/v4";
import { CheckCircle2Icon, ClockIcon, InboxIcon, LoaderIcon, MailWarningIcon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigate, useNavigation, useSearchParams } from "react-router";
import type { ShellHandle } from "~/app/components/dashboard-shell";
import {
  CountCard,
  FetcherStatusSelect,
  PageLinks,
  pageFrom,
  SearchStatusFilter,
} from "~/app/components/list-parts";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent } from "~/app/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "~/app/components/ui/dialog";
import { Label, NativeSelect, Textarea } from "~/app/components/ui/input";
import { i18nHandle } from "~/app/i18n/namespaces";
import { pageMeta } from "~/app/lib/seo";
import { CONTACT_INQUIRY_STATUSES, type ContactInquiryStatus } from "~/domain/enums";
import { InquiryReplySchema, InquiryStatusSchema } from "~/domain/inquiries";
import { recordAudit } from "~/server/audit/audit.server";
import { requireStaff } from "~/server/auth/guards.server";
import { db } from "~/server/db/client.server";
import {
  INQUIRY_PAGE_SIZE,
  countContactInquiriesByStatus,
  getContactInquiryForStaff,
  listAllContactInquiriesForStaff,
  replyToContactInquiry,
  updateContactInquiryStatus,
} from "~/server/inquiries/contact.server";
import { logger } from "~/server/logger.server";
import { getMailHealth, kickMailSender, requeueFailedMail } from "~/server/mail/sender.server";
import type { Route } from "./+types/inquiries";

export const handle: ShellHandle = { ...i18nHandle("inquiries"), titleKey: "titles.inquiries" };
export const meta = () => pageMeta({ title: "Contact Inquiries", noindex: true });

const isStatus = (v: string | null): v is ContactInquiryStatus =>
  (CONTACT_INQUIRY_STATUSES as readonly string[]).includes(v ?? "");

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request);
  const url = new URL(request.url);
  const status = url.searchParams.get("status");
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 100);
  const page = pageFrom(url);
  const id = url.searchParams.get("id");
  const [list, counts, mail, detail] = await Promise.all([
    listAllContactInquiriesForStaff({ status: isStatus(status) ? status : undefined, q, page }),
    countContactInquiriesByStatus(),
    getMailHealth(),
    id && /^[0-9a-f-]{36}$/i.test(id) ? getContactInquiryForStaff(id) : null,
  ]);
  return {
    ...list,
    page,
    pageSize: INQUIRY_PAGE_SIZE,
    counts,
    mail,
    detail,
    detailMissing: Boolean(id) && !detail,
    filters: { status: isStatus(status) ? status : "", q },
  };
}

type ActionResult = { ok: boolean; message: string; intent: string; id?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  try {
    if (intent === "status") {
      const parsed = parseWithZod(formData, { schema: InquiryStatusSchema });
      if (parsed.status !== "success")
        return data<ActionResult>({ ok: false, intent, message: "admin.statusFailed" }, 400);
      const ok = await updateContactInquiryStatus(viewer, parsed.value);
      if (!ok) return data<ActionResult>({ ok: false, intent, message: "admin.statusFailed" }, 404);
      return { ok: true, intent, message: "admin.statusUpdated", id: parsed.value.id };
    }
    if (intent === "reply") {
      const parsed = parseWithZod(formData, { schema: InquiryReplySchema });
      if (parsed.status !== "success")
        return data<ActionResult>({ ok: false, intent, message: "errors.replyRequired" }, 400);
      const ok = await replyToContactInquiry(viewer, parsed.value);
      if (!ok) return data<ActionResult>({ ok: false, intent, message: "admin.replyFailed" }, 404);
      return { ok: true, intent, message: "admin.replySent", id: parsed.value.id };
    }
    if (intent === "retry-mail") {
      const n = await db().transaction(async (tx) => {
        const count = await requeueFailedMail(tx);
        await recordAudit(tx, {
          actorId: viewer.id,
          action: "mail.requeue_failed",
          targetType: "mail_outbox",
          details: { count },
        });
        return count;
      });
      kickMailSender();
      return { ok: true, intent, message: `admin.mail.requeued|${n}` };
    }
  } catch (error) {
    logger().error({ err: error, requestId: context.requestId, intent }, "inquiry action failed");
    return data<ActionResult>(
      {
        ok: false,
        intent,
        message: intent === "reply" ? "admin.replyFailed" : "admin.statusFailed",
      },
      500,
    );
  }
  return data<ActionResult>({ ok: false, intent, message: "admin.statusFailed" }, 400);
}

function useResultText() {
  const { t } = useTranslation("inquiries");
  return (r: ActionResult | undefined) => {
    if (!r) return null;
    const [key, n] = r.message.split("|");
    return String(t(key as "admin.statusUpdated", { count: Number(n ?? 0) }));
  };
}

export default function InquiriesPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("inquiries");
  const { rows, counts, mail, detail, page, total, filters, pageSize } = loaderData;
  const resultText = useResultText();
  const dateFmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" });
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const [params] = useSearchParams();
  const withId = (id: string) => {
    const next = new URLSearchParams(params);
    next.set("id", id);
    return `?${next.toString()}`;
  };

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <CountCard label={t("admin.cards.pending")} value={counts.pending} icon={<ClockIcon />} />
        <CountCard
          label={t("admin.cards.inProgress")}
          value={counts.inProgress}
          icon={<LoaderIcon />}
        />
        <CountCard
          label={t("admin.cards.resolved")}
          value={counts.resolved}
          icon={<CheckCircle2Icon />}
        />
        <CountCard label={t("admin.cards.total")} value={counts.total} icon={<InboxIcon />} />
      </div>

      <MailHealthPanel mail={mail} />

      {actionData && !detail ? (
        <Alert tone={actionData.ok ? "success" : "error"} data-testid="inquiry-result">
          {resultText(actionData)}
        </Alert>
      ) : null}

      <SearchStatusFilter
        idPrefix="inq"
        q={filters.q}
        status={filters.status}
        statuses={CONTACT_INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
        labels={{
          form: t("admin.filters.label"),
          search: t("admin.filters.search"),
          placeholder: t("admin.filters.searchPlaceholder"),
          status: t("admin.filters.status"),
          all: t("admin.filters.all"),
          apply: t("admin.filters.apply"),
          clear: t("admin.filters.clear"),
        }}
      />

      {rows.length === 0 ? (
        <Card>
          <CardContent className="p-8 text-center text-slate-600">
            {filters.q || filters.status ? t("admin.empty") : t("admin.emptyAll")}
          </CardContent>
        </Card>
      ) : (
        <>
          {/* Phones: stacked cards. */}
          <ul className="grid gap-3 md:hidden">
            {rows.map((r) => (
              <li key={r.id}>
                <Card className="grid gap-2 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <div className="min-w-0">
                      <p className="font-semibold text-slate-900">{r.name}</p>
                      <p className="truncate text-sm text-slate-600">{r.email}</p>
                      {r.phone ? <p className="text-sm text-slate-600">{r.phone}</p> : null}
                    </div>
                    <StatusBadge status={r.status} />
                  </div>
                  <p className="text-sm text-slate-800">
                    {r.subject || t("admin.table.noSubject")}
                  </p>
                  <p className="text-xs text-slate-600">{dateFmt.format(new Date(r.createdAt))}</p>
                  <div className="flex flex-wrap items-center gap-2">
                    <StatusSelect
                      id={r.id}
                      status={r.status}
                      label={t("admin.table.statusFor", { name: r.name })}
                    />
                    <Link
                      to={withId(r.id)}
                      className={buttonVariants({ variant: "outline", size: "sm" })}
                      aria-label={t("admin.table.viewLabel", { name: r.name })}
                    >
                      {t("admin.table.view")}
                    </Link>
                  </div>
                </Card>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <Card className="hidden overflow-x-auto md:block">
            <table className="w-full text-left text-sm" data-testid="inquiries-table">
              <caption className="sr-only">{t("admin.table.caption")}</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("admin.table.name")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("admin.table.email")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("admin.table.phone")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("admin.table.subject")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("admin.table.status")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t("admin.table.date")}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    <span className="sr-only">{t("admin.table.actions")}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((r) => (
                  <tr key={r.id} data-testid="inquiry-row">
                    <td className="px-4 py-3 font-medium text-slate-900">{r.name}</td>
                    <td className="px-4 py-3 text-slate-700">{r.email}</td>
                    <td className="px-4 py-3 text-slate-700">{r.phone || "—"}</td>
                    <td className="max-w-60 truncate px-4 py-3 text-slate-700">
                      {r.subject || t("admin.table.noSubject")}
                    </td>
                    <td className="px-4 py-3">
                      <StatusSelect
                        id={r.id}
                        status={r.status}
                        label={t("admin.table.statusFor", { name: r.name })}
                      />
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                      {dateFmt.format(new Date(r.createdAt))}
                    </td>
                    <td className="px-4 py-3">
                      <Link
                        to={withId(r.id)}
                        className={buttonVariants({ variant: "outline", size: "sm" })}
                        aria-label={t("admin.table.viewLabel", { name: r.name })}
                      >
                        {t("admin.table.view")}
                      </Link>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Card>
          <PageLinks
            page={page}
            hasNext={page < pages}
            labels={{
              nav: t("admin.pager.label"),
              previous: t("admin.pager.previous"),
              next: t("admin.pager.next"),
              summary: t("admin.pager.page", { page, pages }),
            }}
          />
        </>
      )}

      {loaderData.detailMissing ? <Alert tone="error">{t("admin.detail.notFound")}</Alert> : null}
      {detail ? (
        <InquiryDialog
          key={detail.id}
          detail={detail}
          result={actionData && actionData.id === detail.id ? actionData : undefined}
        />
      ) : null}
    </div>
  );
}

function StatusBadge({ status }: { status: ContactInquiryStatus }) {
  const { t } = useTranslation("inquiries");
  const tone =
    status === "pending"
      ? "waiting"
      : status === "in_progress"
        ? "progress"
        : status === "resolved"
          ? "success"
          : "neutral";
  return <Badge tone={tone}>{t(`status.${status}`)}</Badge>;
}

function StatusSelect({
  id,
  status,
  label,
}: {
  id: string;
  status: ContactInquiryStatus;
  label: string;
}) {
  const { t } = useTranslation("inquiries");
  return (
    <FetcherStatusSelect
      id={id}
      status={status}
      statuses={CONTACT_INQUIRY_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }))}
      label={label}
      saveLabel={t("admin.table.save")}
      intent="status"
      selectClassName="w-36"
      okMessageClassName="sr-only"
      translateMessage={(key) => t(key as "admin.statusUpdated")}
    />
  );
}

function MailHealthPanel({ mail }: { mail: Route.ComponentProps["loaderData"]["mail"] }) {
  const { t } = useTranslation("inquiries");
  if (mail.failed === 0 && mail.pending === 0) return null;
  return (
    <Alert
      tone={mail.failed > 0 ? "error" : "info"}
      title={t("admin.mail.title")}
      data-testid="mail-health"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="grid gap-1">
          {mail.pending > 0 ? <p>{t("admin.mail.pending", { count: mail.pending })}</p> : null}
          {mail.failed > 0 ? (
            <p className="flex items-center gap-1">
              <MailWarningIcon className="size-4" aria-hidden />
              {t("admin.mail.failed", { count: mail.failed })}
            </p>
          ) : null}
          {mail.lastError ? (
            <p className="text-xs break-all">
              {t("admin.mail.lastError", { error: mail.lastError })}
            </p>
          ) : null}
        </div>
        {mail.failed > 0 ? (
          <Form method="post">
            <input type="hidden" name="intent" value="retry-mail" />
            <Button type="submit" size="sm" variant="outline">
              {t("admin.mail.retry")}
            </Button>
          </Form>
        ) : null}
      </div>
    </Alert>
  );
}

type Detail = NonNullable<Route.ComponentProps["loaderData"]["detail"]>;

function InquiryDialog({ detail, result }: { detail: Detail; result?: ActionResult }) {
  const { t, i18n } = useTranslation("inquiries");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const [reply, setReply] = useState("");
  const resultText = useResultText();
  const fmt = new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" });
  const busy = navigation.state === "submitting";
  const sentReply = result?.ok && result.intent === "reply";
  useEffect(() => {
    if (sentReply) setReply("");
  }, [sentReply]);
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete("id");
    navigate(`?${next.toString()}`, { preventScrollReset: true });
  };
  return (
    <Dialog open onOpenChange={(open) => (open ? null : close())}>
      <DialogContent className="max-w-2xl" closeLabel={t("admin.detail.close")}>
        <DialogHeader>
          <DialogTitle>{t("admin.detail.title", { name: detail.name })}</DialogTitle>
          <DialogDescription>
            {t("admin.detail.received", { date: fmt.format(new Date(detail.createdAt)) })} ·{" "}
            <a href={`mailto:${detail.email}`} className="underline">
              {detail.email}
            </a>
            {detail.phone ? ` · ${t("admin.detail.phone")}: ${detail.phone}` : null}
          </DialogDescription>
        </DialogHeader>

        {result ? (
          <Alert tone={result.ok ? "success" : "error"} data-testid="inquiry-result">
            {resultText(result)}
          </Alert>
        ) : null}

        <section className="grid gap-1">
          <h3 className="text-sm font-semibold text-slate-900">
            {detail.subject || t("admin.table.noSubject")}
          </h3>
          <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">
            {detail.message}
          </p>
        </section>

        <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="status" />
          <input type="hidden" name="id" value={detail.id} />
          <div className="grid gap-1.5">
            <Label htmlFor="detail-status">{t("admin.detail.status")}</Label>
            <NativeSelect
              id="detail-status"
              name="status"
              defaultValue={detail.status}
              key={detail.status}
              className="w-44"
            >
              {CONTACT_INQUIRY_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`status.${s}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <Button type="submit" variant="outline" disabled={busy}>
            {t("admin.detail.updateStatus")}
          </Button>
          <p className="text-sm text-slate-600">
            {t("admin.detail.assignedTo")}: {detail.assignedToName ?? t("admin.detail.nobody")}
          </p>
        </Form>

        <section className="grid gap-2" aria-labelledby="replies-heading">
          <h3 id="replies-heading" className="text-sm font-semibold text-slate-900">
            {t("admin.detail.replies")}
          </h3>
          {detail.replies.length === 0 ? (
            <p className="text-sm text-slate-600">{t("admin.detail.noReplies")}</p>
          ) : (
            <ol className="grid gap-2" data-testid="inquiry-replies">
              {detail.replies.map((r) => (
                <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm">
                  <p className="text-xs text-slate-600">
                    {t("admin.detail.replyBy", {
                      name: r.authorName ?? "—",
                      date: fmt.format(new Date(r.createdAt)),
                    })}
                  </p>
                  <p className="mt-1 whitespace-pre-wrap text-slate-800">{r.body}</p>
                </li>
              ))}
            </ol>
          )}
        </section>

        <Form method="post" className="grid gap-2" preventScrollReset>
          <input type="hidden" name="intent" value="reply" />
          <input type="hidden" name="id" value={detail.id} />
          <Label htmlFor="reply-body">
            {t("admin.detail.replyLabel", { email: detail.email })}
          </Label>
          <Textarea
            id="reply-body"
            name="body"
            rows={5}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            aria-describedby="reply-hint"
            maxLength={5000}
          />
          <p id="reply-hint" className="text-xs text-slate-600">
            {t("admin.detail.replyHint")}
          </p>
          <Button
            type="submit"
            disabled={busy || reply.trim() === ""}
            className="justify-self-start"
          >
            {busy && navigation.formData?.get("intent") === "reply"
              ? t("admin.detail.sending")
              : t("admin.detail.sendReply")}
          </Button>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

export function ErrorBoundary() {
  return <LoadError what="inquiries" />;
}
