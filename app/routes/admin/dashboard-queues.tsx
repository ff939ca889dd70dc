import {
  CalendarClockIcon,
  ClipboardListIcon,
  FileTextIcon,
  MailQuestionIcon,
  MessagesSquareIcon,
  UserPlusIcon,
  UsersIcon,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { TitledCard } from "~/app/components/titled-card";
import { Badge } from "~/app/components/ui/badge";
import { applicantHref } from "~/app/components/admin/data-table";
import { calendarDay, dateFormatter } from "~/domain/format";

type At = Date | string;

/** The queues as the dashboard's loader sends them (server/queues/work-queues.server.ts). */
export type DashboardQueues = {
  documents: {
    count: number;
    items: {
      id: string;
      applicantId: string;
      applicantName: string;
      documentType: string;
      at: At;
    }[];
  };
  unowned: {
    count: number;
    items: {
      id: string;
      applicantId: string;
      applicantName: string;
      title: string;
      status: string;
      at: At;
    }[];
  };
  messages: {
    count: number;
    items: { id: string; name: string; subject: string | null; at: At }[];
  };
  replies: {
    count: number;
    items: {
      id: string;
      applicantId: string;
      applicantName: string;
      subject: string | null;
      at: At;
    }[];
  };
  interviews: {
    count: number;
    items: {
      id: string;
      applicantId: string;
      applicantName: string;
      title: string;
      at: At;
      location: string | null;
    }[];
  };
  tasks: {
    count: number;
    items: {
      id: string;
      applicantId: string;
      applicantName: string;
      title: string;
      dueOn: string;
    }[];
  };
  mine: number;
};

const link = "font-medium text-primary-800 underline";

function QueueCard({
  name,
  icon: Icon,
  count,
  all,
  children,
}: {
  name: "documents" | "unowned" | "messages" | "replies" | "interviews" | "tasks";
  icon: LucideIcon;
  count: number;
  /** The list holding every entry, where there is one. */
  all?: string;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  const headingId = `queue-${name}`;
  return (
    <TitledCard
      icon={<Icon aria-hidden className="size-5 text-primary-700" />}
      title={
        <span id={headingId} className="flex flex-wrap items-center gap-2">
          {t(`queues.${name}.title`)}
          <Badge tone={count ? "waiting" : "neutral"} data-testid={`queue-${name}-count`}>
            {t("queues.count", { count })}
          </Badge>
        </span>
      }
      titleSize="base"
      headerLayout="row"
      data-testid={`queue-${name}`}
      aside={
        all && count ? (
          <Link to={all} className={`text-sm ${link}`} aria-describedby={headingId}>
            {t("queues.seeAll")}
          </Link>
        ) : null
      }
    >
      {count === 0 ? (
        <p className="text-sm text-slate-600">{t(`queues.${name}.empty`)}</p>
      ) : (
        <ul className="grid gap-2 text-sm" aria-labelledby={headingId}>
          {children}
        </ul>
      )}
    </TitledCard>
  );
}

function Row({ main, detail }: { main: ReactNode; detail: ReactNode }) {
  return (
    <li className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b border-slate-100 pb-2 last:border-0">
      <span className="min-w-0 break-words">{main}</span>
      <span className="text-xs text-slate-600">{detail}</span>
    </li>
  );
}

/**
 * What waits for the viewer, first thing on the back-office's start page: documents to review
 * (oldest first), applications nobody owns, contact messages nobody answered, applicants'
 * conversations waiting for a reply (the longest waiting first), today's interviews,
 * the overdue tasks of the applicants they own (or gave, when nobody owns them); each with how many there are in the viewer's offices and a link to the person or the list.
 */
export function WorkQueues({ queues }: { queues: DashboardQueues }) {
  const { t, tc, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  const when = dateFormatter(lang, "dateTime");
  const time = dateFormatter(lang, "time");
  const day = dateFormatter(lang, "date");
  return (
    <section aria-labelledby="queues-heading" className="grid gap-4" data-testid="work-queues">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="queues-heading" className="text-lg font-semibold text-slate-900">
          {t("queues.heading")}
        </h2>
        {queues.mine > 0 ? (
          <Link to="/admin/applications?owner=me" className={`text-sm ${link}`}>
            <UsersIcon aria-hidden className="mr-1 inline size-4" />
            {t("queues.mine", { count: queues.mine })}
          </Link>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <QueueCard name="documents" icon={FileTextIcon} count={queues.documents.count}>
          {queues.documents.items.map((d) => (
            <Row
              key={d.id}
              main={
                <>
                  <Link to={applicantHref(d.applicantId)} className={link}>
                    {d.applicantName}
                  </Link>{" "}
                  · {documentName(d.documentType)}
                </>
              }
              detail={t("queues.uploaded", { when: when.format(new Date(d.at)) })}
            />
          ))}
        </QueueCard>
        <QueueCard
          name="unowned"
          icon={UserPlusIcon}
          count={queues.unowned.count}
          all="/admin/applications?owner=none"
        >
          {queues.unowned.items.map((a) => (
            <Row
              key={a.id}
              main={
                <>
                  <Link to={applicantHref(a.applicantId)} className={link}>
                    {a.applicantName}
                  </Link>{" "}
                  · {a.title} · {tc(`labels.applicationStatus.${a.status}.label`)}
                </>
              }
              detail={t("queues.applied", { when: when.format(new Date(a.at)) })}
            />
          ))}
        </QueueCard>
        <QueueCard
          name="messages"
          icon={MailQuestionIcon}
          count={queues.messages.count}
          all="/admin/inquiries?status=pending"
        >
          {queues.messages.items.map((m) => (
            <Row
              key={m.id}
              main={
                <Link to={`/admin/inquiries?id=${m.id}`} className={link}>
                  {m.name}
                  {m.subject ? ` · ${m.subject}` : ""}
                </Link>
              }
              detail={t("queues.received", { when: when.format(new Date(m.at)) })}
            />
          ))}
        </QueueCard>
        <QueueCard
          name="replies"
          icon={MessagesSquareIcon}
          count={queues.replies.count}
          all="/admin/messages?threads=waiting#conversations-title"
        >
          {queues.replies.items.map((r) => (
            <Row
              key={r.id}
              main={
                <Link to={`${applicantHref(r.applicantId)}#applicant-messages`} className={link}>
                  {r.applicantName}
                  {r.subject ? ` · ${r.subject}` : ""}
                </Link>
              }
              detail={t("queues.waitingSince", { when: when.format(new Date(r.at)) })}
            />
          ))}
        </QueueCard>
        <QueueCard
          name="interviews"
          icon={CalendarClockIcon}
          count={queues.interviews.count}
          all="/admin/interviews"
        >
          {queues.interviews.items.map((i) => (
            <Row
              key={i.id}
              main={
                <>
                  <span className="font-semibold">{time.format(new Date(i.at))}</span>{" "}
                  <Link to={applicantHref(i.applicantId)} className={link}>
                    {i.applicantName}
                  </Link>{" "}
                  · {i.title}
                </>
              }
              detail={i.location ?? ""}
            />
          ))}
        </QueueCard>
        <QueueCard name="tasks" icon={ClipboardListIcon} count={queues.tasks.count}>
          {queues.tasks.items.map((task) => (
            <Row
              key={task.id}
              main={
                <>
                  <Link to={`${applicantHref(task.applicantId)}#applicant-tasks`} className={link}>
                    {task.applicantName}
                  </Link>{" "}
                  · {task.title}
                </>
              }
              detail={t("queues.due", { when: day.format(calendarDay(task.dueOn)) })}
            />
          ))}
        </QueueCard>
      </div>
    </section>
  );
}
