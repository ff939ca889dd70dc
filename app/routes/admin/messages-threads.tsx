import { MessagesSquareIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { applicantHref } from "~/app/components/admin/data-table";
import { Badge } from "~/app/components/ui/badge";
import { Card } from "~/app/components/ui/card";
import { dateFormatter } from "~/domain/format";
import type { listThreadsForStaff } from "~/server/messages/threads.server";

type Threads = Awaited<ReturnType<typeof listThreadsForStaff>>["items"];

/**
 * The conversations with the applicants of the viewer's offices: those waiting for an answer
 * first, each with how many of the applicant's messages wait and who on the team wrote last.
 * Each opens the applicant's page, where staff answer.
 */
export function Conversations({ threads, waiting }: { threads: Threads; waiting: number }) {
  const { t, i18n } = useTranslation("messages");
  const fmt = dateFormatter(i18n.language, "dateTime");
  return (
    <section className="grid gap-3" aria-labelledby="conversations-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="conversations-title" className="text-lg font-semibold">
          {t("threads.title")}
        </h2>
        <Badge tone={waiting > 0 ? "progress" : "success"} data-testid="threads-waiting">
          {t("threads.waiting", { count: waiting })}
        </Badge>
      </div>
      {threads.length === 0 ? (
        <Card className="p-6 text-center text-slate-600">{t("threads.empty")}</Card>
      ) : (
        <ul className="grid gap-2 md:grid-cols-2" data-testid="threads">
          {threads.map((c) => (
            <li key={c.id}>
              <Card className="grid gap-1 p-4" data-testid="thread">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <Link
                    to={`${applicantHref(c.applicantId)}#applicant-messages`}
                    className="inline-flex items-center gap-1 font-semibold text-primary-800 underline"
                  >
                    <MessagesSquareIcon className="size-4" aria-hidden />
                    {c.applicantName || c.applicantEmail}
                  </Link>
                  {c.waiting > 0 ? (
                    <Badge tone="progress" data-testid="thread-unread">
                      {t("threads.unread", { count: c.waiting })}
                    </Badge>
                  ) : (
                    <Badge tone="success">{t("threads.answered")}</Badge>
                  )}
                </div>
                {c.lastSubject ? (
                  <p className="truncate text-sm text-slate-700">{c.lastSubject}</p>
                ) : null}
                <p className="text-xs text-slate-600">
                  {fmt.format(new Date(c.lastMessageAt))}
                  {c.lastStaffName
                    ? ` · ${t("threads.lastStaff", { name: c.lastStaffName })}`
                    : null}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
