import { applicantHref } from "~/app/components/admin/data-table";
import { LoadError } from "~/app/components/admin/load-error";
import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { CalendarDaysIcon, MailCheckIcon, SendIcon, UsersIcon } from "lucide-react";
import { type ChangeEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useFetcher } from "react-router";
import { WideTable } from "~/app/components/admin/wide-table";
import { Flash } from "~/app/components/flash";
import { CountCard } from "~/app/components/list-parts";
import { Pager } from "~/app/components/pager";
import { Badge } from "~/app/components/ui/badge";
import { Button } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { TitledDialog } from "~/app/components/admin/titled-dialog";
import {
  FormChoices,
  FormErrors,
  FormInput,
  FormSelect,
  FormTextarea,
  InputField,
} from "~/app/components/ui/field";
import { SelectOptions } from "~/app/components/select-options";
import { i18nHandle } from "~/app/i18n/namespaces";
import { actionFailed, actionSucceeded, formInvalid } from "~/app/lib/action-result";
import { translateErrors } from "~/app/lib/form-errors";
import { shellScreen } from "~/app/lib/shell-screen";
import { guardedRequest } from "~/app/lib/guarded-request";
import { MESSAGE_GROUPS } from "~/domain/enums";
import { dateFormatter } from "~/domain/format";
import { ComposeMessageSchema } from "~/domain/messages";
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
import { countWaitingMessages, listThreadsForStaff } from "~/server/messages/threads.server";
import type { Route } from "./+types/messages";
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
  const [sent, stats, threads, waiting] = await Promise.all([
    listSentMessages({ actor: viewer, page }),
    countSentMessageStats({ actor: viewer }),
    listThreadsForStaff({ scope, page: 1 }),
    countWaitingMessages(scope),
  ]);
  return { sent, stats, threads: threads.items, waiting, candidates: null } as const;
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

      <Conversations threads={loaderData.threads} waiting={loaderData.waiting} />

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
        <Link to={applicantHref(m.recipientId)} className="underline" data-testid="applicant-link">
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

const EMPTY_TEXT = { subject: "", content: "" };

function ComposeDialog() {
  const { t } = useTranslation("messages");
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<typeof action>({ key: "compose" });
  const search = useFetcher<typeof loader>();
  const [text, setText] = useState(EMPTY_TEXT);
  const [query, setQuery] = useState("");
  const busy = fetcher.state !== "idle";
  const [form, fields] = useForm({
    id: "compose",
    lastResult: fetcher.data?.result,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ComposeMessageSchema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { recipientType: "group", recipientGroup: "all_users" },
  });
  // The radios are the form's own (they work as any field); what they say picks the fields below.
  const type = fields.recipientType.value === "individual" ? "individual" : "group";
  // Subject and content are required, and Send waits until both are typed.
  const typed = (name: keyof typeof EMPTY_TEXT) => ({
    field: fields[name],
    ns: "messages" as const,
    label: t(`admin.${name}`),
    required: true,
    value: text[name],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setText({ ...text, [name]: e.target.value }),
  });

  const ok = fetcher.data?.flash?.ok;
  useEffect(() => {
    if (ok && fetcher.state === "idle") {
      setOpen(false);
      setText(EMPTY_TEXT);
      setQuery("");
    }
  }, [ok, fetcher.state, fetcher.data]);

  useEffect(() => {
    if (type !== "individual" || query.trim().length < 2) return;
    const timer = setTimeout(
      () => search.load(`/admin/messages?who=${encodeURIComponent(query)}`),
      250,
    );
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- search.load is stable enough; rerun on input only
  }, [query, type]);
  const candidates = query.trim().length >= 2 ? (search.data?.candidates ?? null) : null;
  const people = candidates?.length
    ? candidates.map((c) => {
        const label = (
          <span>
            <span className="font-medium text-slate-900">{c.fullName}</span>{" "}
            <span className="text-slate-600">{c.email}</span>
          </span>
        );
        return [c.id, label] as const;
      })
    : null;
  const recipientErrors = translateErrors(t, fields.recipientId.errors);

  return (
    <TitledDialog
      open={open}
      onOpenChange={setOpen}
      trigger={
        <Button>
          <SendIcon aria-hidden /> {t("admin.compose")}
        </Button>
      }
      title={t("admin.composeTitle")}
      description={t("admin.composeDescription")}
      width="xl"
    >
      <fetcher.Form method="post" {...getFormProps(form)} className="grid gap-4">
        <FormErrors errors={form.errors} ns="messages" />
        {fetcher.data?.flash?.ok === false ? (
          <Flash flash={fetcher.data.flash} ns="messages" className="" />
        ) : null}
        <FormChoices
          field={fields.recipientType}
          ns="messages"
          type="radio"
          legend={t("admin.recipientType")}
          options={[
            ["group", t("admin.typeGroup")],
            ["individual", t("admin.typeIndividual")],
          ]}
          tilesClassName="grid grid-cols-2 gap-2"
        />

        {type === "group" ? (
          <FormSelect field={fields.recipientGroup} ns="messages" label={t("admin.group")}>
            <SelectOptions
              options={MESSAGE_GROUPS.map((g) => ({ value: g, label: t(`groups.${g}`) }))}
            />
          </FormSelect>
        ) : (
          <div className="grid gap-2">
            <InputField
              id="compose-who"
              label={t("admin.search")}
              hint={t("admin.searchHint")}
              // With nobody listed to pick, "choose the person" belongs to the search.
              errors={people ? null : recipientErrors}
              inputProps={{
                type: "search",
                value: query,
                onChange: (e) => setQuery(e.target.value),
                autoComplete: "off",
              }}
            />
            {candidates && candidates.length === 0 ? (
              <p className="text-sm text-slate-600" role="status">
                {t("admin.noMatches")}
              </p>
            ) : null}
            {people ? (
              <FormChoices
                field={fields.recipientId}
                ns="messages"
                type="radio"
                legend={t("admin.pickPerson")}
                options={people}
              />
            ) : null}
          </div>
        )}

        <FormInput {...typed("subject")} maxLength={200} />
        <FormTextarea {...typed("content")} rows={6} />
        <FormInput
          field={fields.attachmentUrl}
          ns="messages"
          type="url"
          label={t("admin.attachment")}
          hint={t("admin.attachmentHint")}
          placeholder="https://"
        />
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
            {t("admin.cancel")}
          </Button>
          <Button type="submit" disabled={busy || !text.subject.trim() || !text.content.trim()}>
            {busy ? t("admin.sending") : t("admin.send")}
          </Button>
        </div>
      </fetcher.Form>
    </TitledDialog>
  );
}

export function ErrorBoundary() {
  return <LoadError what="messages" />;
}
