import { applicantHref } from "~/app/components/admin/data-table";
import { LoadError } from "~/app/components/admin/load-error";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarDaysIcon, MailCheckIcon, SendIcon, UsersIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { WideTable } from "~/app/components/admin/wide-table";
import { Flash } from "~/app/components/flash";
import { CountCard } from "~/app/components/list-parts";
import { Pager } from "~/app/components/pager";
import { Badge } from "~/app/components/ui/badge";
import { Card } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, actionSucceeded, formInvalid } from "~/app/lib/action-result";
import { shellScreen } from "~/app/lib/shell-screen";
import { guardedRequest } from "~/app/lib/guarded-request";
import { dateFormatter } from "~/domain/format";
import { ComposeMessageSchema, parseThreadFilter, THREADS_PAGE_PARAM } from "~/domain/messages";
import { parseOfficeFilter } from "~/domain/offices";
import { readPage } from "~/domain/pagination";
import { requireStaff } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import { logger } from "~/server/logger.server";
import {
  countSentMessageStats,
  listSentMessages,
  RecipientNotFoundError,
  searchRecipients,
  sendMessage,
} from "~/server/messages/messages.server";
import { countWaitingThreads, listThreadsForStaff } from "~/server/messages/threads.server";
import type { Route } from "./+types/messages";
import { ComposeDialog } from "./messages-compose";
import { Conversations } from "./messages-threads";

export const { handle, meta } = shellScreen(i18nHandle("messages"), "titles.adminMessages");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireStaff);
  const who = url.searchParams.get("who");
  // The compose dialog's person search asks for candidates only.
  if (who !== null) {
    // Only the applicants of the viewer's offices are offered.
    const candidates = await searchRecipients(who.slice(0, 100), await officeScopeFor(viewer));
    return { candidates } as const;
  }
  const scope = await officeScopeFor(viewer);
  // The conversations list pages and filters on its own parameters (the sent list has `page`).
  const show = parseThreadFilter(url.searchParams.get("threads"));
  const office = parseOfficeFilter(url.searchParams.get("office"), scope);
  const threadsPage = readPage(url.searchParams.get(THREADS_PAGE_PARAM));
  const [sent, stats, threads, waiting] = await Promise.all([
    listSentMessages({ actor: viewer, page }),
    countSentMessageStats({ actor: viewer }),
    listThreadsForStaff({
      scope,
      page: threadsPage,
      filter: { waiting: show === "waiting", office },
    }),
    countWaitingThreads(scope, office),
  ]);
  const offices = { choices: scope.offices, all: scope.all, office };
  return {
    sent,
    stats,
    threads,
    threadFilter: { show, offices },
    waiting,
    candidates: null,
  } as const;
}

export async function action({ request, context }: Route.ActionArgs) {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: ComposeMessageSchema });
  if (submission.status !== "success") return formInvalid("compose", submission.reply());
  try {
    const sent = await sendMessage({ actor: viewer, input: submission.value });
    // Stays on the page: only the action knows how many people it reached.
    const message = { message: "admin.sentTo", count: sent.recipients };
    return actionSucceeded("compose", message, { result: submission.reply({ resetForm: true }) });
  } catch (error) {
    if (error instanceof RecipientNotFoundError) {
      const fieldErrors = { recipientId: ["errors.recipientNotFound"] };
      return formInvalid("compose", submission.reply({ fieldErrors }));
    }
    logger().error({ err: error, requestId: context.requestId }, "send message failed");
    return actionFailed("compose", "admin.failed", 500, { result: submission.reply() });
  }
}

const COLUMNS = ["subject", "recipients", "status", "date"] as const;

export default function AdminMessagesPage({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("messages");
  const fetcher = useFetcher<typeof action>({ key: "compose" });
  if (!("stats" in loaderData) || !loaderData.stats) return null;
  const { sent: sentList, stats } = loaderData;
  const rows = sentList.items;
  const fmt = dateFormatter(i18n.language, "dateTime");
  // A refusal is answered in the dialog; a message sent, on the page.
  const sent = fetcher.data?.flash?.ok ? fetcher.data.flash : null;

  return (
    <div className="grid gap-6">
      <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <CountCard label={t("admin.cards.totalSent")} value={stats.total} icon={<SendIcon />} />
        <CountCard label={t("admin.cards.read")} value={stats.read} icon={<MailCheckIcon />} />
        <CountCard label={t("admin.cards.group")} value={stats.group} icon={<UsersIcon />} />
        <CountCard
          label={t("admin.cards.thisWeek")}
          value={stats.thisWeek}
          icon={<CalendarDaysIcon />}
        />
      </div>

      <Conversations
        threads={loaderData.threads}
        filter={loaderData.threadFilter}
        waiting={loaderData.waiting}
      />

      <div className="flex flex-wrap items-center justify-between gap-3">
        {sent ? <Flash flash={sent} ns="messages" className="" /> : <span />}
        <ComposeDialog />
      </div>

      {rows.length === 0 ? (
        <Card className="p-8 text-center text-slate-600">{t("admin.empty")}</Card>
      ) : (
        <>
          <ul className="grid gap-3 md:hidden">
            {rows.map((m) => (
              <li key={m.id}>
                <Card className="grid gap-1 p-4">
                  <div className="flex items-start justify-between gap-2">
                    <p className="font-semibold text-slate-900">{m.subject}</p>
                    <ReadBadge read={m.read} total={m.recipients} />
                  </div>
                  <p className="line-clamp-2 text-sm text-slate-600">{m.content}</p>
                  <p className="text-sm text-slate-700">
                    <Recipients m={m} />
                  </p>
                  <p className="text-xs text-slate-600">{fmt.format(new Date(m.sentAt))}</p>
                </Card>
              </li>
            ))}
          </ul>
          <WideTable
            caption={t("admin.table.caption")}
            columns={COLUMNS.map((c) => t(`admin.table.${c}`))}
            testId="sent-messages"
          >
            {rows.map((m) => (
              <tr key={m.id} data-testid="sent-row">
                <td className="max-w-md px-4 py-3">
                  <p className="font-medium text-slate-900">{m.subject}</p>
                  <p className="truncate text-slate-600">{m.content}</p>
                  {m.attachmentUrl ? (
                    <a
                      href={m.attachmentUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="text-xs text-primary-700 underline"
                    >
                      {t("admin.table.attachment")}
                    </a>
                  ) : null}
                </td>
                <td className="px-4 py-3 text-slate-700">
                  <Recipients m={m} />
                </td>
                <td className="px-4 py-3">
                  <ReadBadge read={m.read} total={m.recipients} />
                </td>
                <td className="px-4 py-3 whitespace-nowrap text-slate-700">
                  {fmt.format(new Date(m.sentAt))}
                </td>
              </tr>
            ))}
          </WideTable>
          <Pager
            page={sentList}
            label={t("admin.pager.label")}
            previous={t("admin.pager.previous")}
            next={t("admin.pager.next")}
          />
        </>
      )}
    </div>
  );
}

type Row = {
  recipientGroup: string | null;
  recipientId: string | null;
  recipientName: string | null;
  recipientEmail: string | null;
  recipients: number;
  read: number;
};

function Recipients({ m }: { m: Row }) {
  const { t } = useTranslation("messages");
  if (m.recipientGroup) {
    return (
      <>
        {t(`groups.${m.recipientGroup}` as "groups.all_users")}{" "}
        <span className="text-slate-600">({m.recipients})</span>
      </>
    );
  }
  return (
    <>
      {m.recipientId && m.recipientName ? (
        <Link
          to={applicantHref(m.recipientId)}
          discover="none"
          className="underline"
          data-testid="applicant-link"
        >
          {m.recipientName}
        </Link>
      ) : (
        (m.recipientName ?? "—")
      )}
      {m.recipientEmail ? (
        <span className="block text-xs text-slate-600">{m.recipientEmail}</span>
      ) : null}
    </>
  );
}

function ReadBadge({ read, total }: { read: number; total: number }) {
  const { t } = useTranslation("messages");
  const allRead = total > 0 && read === total;
  return (
    <span className="grid justify-items-start gap-0.5">
      <Badge tone={allRead ? "success" : "progress"}>
        {allRead ? t("admin.table.statusRead") : t("admin.table.statusSent")}
      </Badge>
      {total > 1 ? (
        <span className="text-xs text-slate-600">
          {t("admin.table.readCount", { read, total })}
        </span>
      ) : null}
    </span>
  );
}

export function ErrorBoundary() {
  return <LoadError what="messages" />;
}
