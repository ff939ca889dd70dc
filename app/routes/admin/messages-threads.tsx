import { MessagesSquareIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { applicantHref } from "~/app/components/admin/data-table";
import { FilterSelect, OfficeFilter } from "~/app/components/admin/list-filters";
import { Pager } from "~/app/components/pager";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { dateFormatter } from "~/domain/format";
import { type ThreadFilter, THREADS_PAGE_PARAM } from "~/domain/messages";
import type { Page } from "~/domain/pagination";
import type { StaffThread } from "~/server/messages/threads.server";

type Filter = {
  show: ThreadFilter | null;
  offices: { choices: readonly string[]; all: boolean; office: string | null };
};

/** The address of the conversations waiting for a reply (of the office chosen, if one is). */
function waitingHref(office: string | null) {
  const params = new URLSearchParams({ threads: "waiting" });
  if (office) params.set("office", office);
  return `?${params.toString()}#conversations-title`;
}

/**
 * The conversations with the applicants of the viewer's offices, a page at a time: every one
 * (those waiting for an answer first) or only those waiting (the longest waiting first), of all
 * the viewer's offices or one; each with how many of the applicant's messages wait and who on
 * the team wrote last. Each opens the applicant's page, where staff answer. Filter and page are
 * in the URL (a GET form and links), so it works before JavaScript loads.
 */
export function Conversations({
  threads,
  filter,
  waiting,
}: {
  threads: Page<StaffThread>;
  filter: Filter;
  /** How many conversations wait for a reply (of the office chosen): what "Waiting" lists. */
  waiting: number;
}) {
  const { t, i18n } = useTranslation("messages");
  const fmt = dateFormatter(i18n.language, "dateTime");
  const waitingOnly = filter.show === "waiting";
  const badge = (
    <Badge tone={waiting > 0 ? "progress" : "success"} data-testid="threads-waiting">
      {t("threads.waiting", { count: waiting })}
    </Badge>
  );
  return (
    <section className="grid gap-3" aria-labelledby="conversations-title">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="conversations-title" className="text-lg font-semibold">
          {t("threads.title")}
        </h2>
        {waiting > 0 && !waitingOnly ? (
          <Link to={waitingHref(filter.offices.office)} className="rounded-full">
            {badge}
          </Link>
        ) : (
          badge
        )}
      </div>
      <Form
        method="get"
        className="flex flex-wrap items-end gap-3"
        aria-label={t("threads.filter.form")}
        data-testid="threads-filter"
      >
        <FilterSelect
          id="threads-show"
          name="threads"
          label={t("threads.filter.label")}
          value={filter.show ?? ""}
          any={t("threads.filter.all")}
          options={[{ value: "waiting", label: t("threads.filter.waiting") }]}
        />
        <OfficeFilter id="threads-office" offices={filter.offices} />
        <Button type="submit" variant="outline">
          {t("threads.filter.submit")}
        </Button>
      </Form>
      {threads.items.length === 0 ? (
        <Card className="p-6 text-center text-slate-600" data-testid="threads-empty">
          {waitingOnly ? t("threads.emptyWaiting") : t("threads.empty")}
        </Card>
      ) : (
        <ul className="grid gap-2 md:grid-cols-2" data-testid="threads">
          {threads.items.map((c) => (
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
                  {c.waitingSince
                    ? t("threads.waitingSince", { when: fmt.format(new Date(c.waitingSince)) })
                    : fmt.format(new Date(c.lastMessageAt))}
                  {c.lastStaffName
                    ? ` · ${t("threads.lastStaff", { name: c.lastStaffName })}`
                    : null}
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={threads}
        param={THREADS_PAGE_PARAM}
        label={t("threads.pager")}
        withTotal={threads.items.length > 0}
      />
    </section>
  );
}
