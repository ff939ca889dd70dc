import { ArrowLeftIcon, MailIcon, MailOpenIcon, PaperclipIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { OutcomeFlash } from "~/app/components/flash";
import { Pager } from "~/app/components/pager";
import { Alert } from "~/app/components/ui/alert";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card, CardContent } from "~/app/components/ui/card";
import { i18nHandle } from "~/app/i18n/namespaces";
import { shellScreen } from "~/app/lib/shell-screen";
import { useRootData } from "~/app/lib/root-data";
import { cn } from "~/app/lib/utils";
import { guardedRequest } from "~/app/lib/guarded-request";
import { resultFor } from "~/app/lib/action-result";
import { isUuid } from "~/domain/ids";
import { dateFormatter } from "~/domain/format";
import { requireUser } from "~/server/auth/guards.server";
import { runIntent } from "~/app/lib/intent-action.server";
import { openMessage, readAll, writeMessage } from "./messages.server";
import {
  getInboxMessage,
  listInboxMessages,
  markMessageRead,
} from "~/server/messages/messages.server";
import {
  listAttachableDocuments,
  listOwnThread,
  messageAddresseeFor,
} from "~/server/messages/threads.server";
import { activeDocumentTypes } from "~/server/documents/document-types.server";
import type { Route } from "./+types/messages";
import { Conversation, ReplyForm, type UploadType, WriteMessage } from "./messages-write";

export const { handle, meta } = shellScreen(i18nHandle("messages"), "titles.messages");

export async function loader({ request }: Route.LoaderArgs) {
  const { viewer, url, page } = await guardedRequest(request, requireUser);
  const id = url.searchParams.get("id");
  if (id) {
    // Only the viewer's own copy: someone else's message id answers 404, like a missing one.
    const message = isUuid(id) ? await getInboxMessage({ viewer, messageId: id }) : null;
    if (!message) throw data({ message: "notFound" }, { status: 404 });
    if (!message.readAt) await markMessageRead({ viewer, messageId: id });
    const [thread, attachable, uploadTypes] = await Promise.all([
      listOwnThread({ viewer }),
      listAttachableDocuments(viewer),
      listUploadTypes(),
    ]);
    return { view: "detail" as const, message, thread, attachable, uploadTypes };
  }
  const [inbox, thread, addressee, attachable, uploadTypes] = await Promise.all([
    listInboxMessages({ viewer, page }),
    listOwnThread({ viewer }),
    messageAddresseeFor(viewer),
    listAttachableDocuments(viewer),
    listUploadTypes(),
  ]);
  // What they wrote, newest first (what staff wrote is in the inbox above it).
  const sent = thread.filter((m) => m.fromApplicant).reverse();
  return { view: "list" as const, inbox, sent, addressee, attachable, uploadTypes };
}

/**
 * The kinds of document a new file sent with a message may be: the active types, less the
 * sensitive ones (their consent box is on My Documents).
 */
async function listUploadTypes(): Promise<UploadType[]> {
  return (await activeDocumentTypes())
    .filter((t) => !t.sensitive)
    .map((t) => ({ key: t.key, names: t.names }));
}

export const action = ({ request }: Route.ActionArgs) =>
  runIntent(
    request,
    requireUser,
    { open: openMessage, "read-all": readAll, send: writeMessage, reply: writeMessage },
    // The list's buttons open a message without naming an intent.
    { main: "open" },
  );

const DONE = { sent: "write.sent" };

export default function InboxPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("messages");
  const answer = actionData && "intent" in actionData ? actionData : undefined;
  const { settings, unreadMessages } = useRootData();
  const fmt = dateFormatter(i18n.language, "dateTime");

  if (loaderData.view === "detail") {
    const m = loaderData.message;
    return (
      <div className="grid max-w-3xl gap-4">
        <Link
          to="/dashboard/messages"
          className={cn(buttonVariants({ variant: "ghost", size: "sm" }), "justify-self-start")}
        >
          <ArrowLeftIcon aria-hidden /> {t("inbox.back")}
        </Link>
        <Card>
          <CardContent className="grid gap-3 p-5">
            <h2 className="text-xl font-semibold text-slate-900" data-testid="message-subject">
              {m.subject}
            </h2>
            <p className="text-sm text-slate-600">
              {m.senderName
                ? t("inbox.from", { name: m.senderName })
                : t("inbox.fromTeam", { agency: settings.agencyName })}{" "}
              ·{" "}
              <time dateTime={new Date(m.sentAt).toISOString()}>
                {fmt.format(new Date(m.sentAt))}
              </time>
            </p>
            <div
              className="text-base whitespace-pre-wrap text-slate-800"
              data-testid="message-content"
            >
              {m.content}
            </div>
            {m.attachmentUrl ? (
              <a
                href={m.attachmentUrl}
                target="_blank"
                rel="noopener noreferrer nofollow"
                className={cn(
                  buttonVariants({ variant: "outline", size: "sm" }),
                  "justify-self-start",
                )}
              >
                <PaperclipIcon aria-hidden /> {t("inbox.attachment")}
              </a>
            ) : null}
          </CardContent>
        </Card>
        <OutcomeFlash actionData={answer} ns="messages" messages={DONE} />
        <ReplyForm
          // Sent: the next reply starts from an empty form.
          key={loaderData.thread.length}
          messageId={m.id}
          attachable={loaderData.attachable}
          uploadTypes={loaderData.uploadTypes}
          result={resultFor(answer, "reply")}
        />
        <Conversation
          messages={loaderData.thread.filter((c) => c.id !== m.id)}
          title={t("conversation.title")}
        />
      </div>
    );
  }

  const { inbox } = loaderData;
  const rows = inbox.items;
  // grid-cols-1 (minmax(0, 1fr)): a long preview is cut short instead of widening the page on a phone.
  return (
    <div className="grid max-w-3xl grid-cols-1 gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-slate-700">{t("inbox.intro")}</p>
        {unreadMessages > 0 ? (
          <div className="flex items-center gap-2">
            <Badge tone="progress" data-testid="inbox-unread">
              {t("inbox.unread", { count: unreadMessages })}
            </Badge>
            <Form method="post">
              <input type="hidden" name="intent" value="read-all" />
              <Button type="submit" variant="ghost" size="sm">
                {t("inbox.markAllRead")}
              </Button>
            </Form>
          </div>
        ) : null}
      </div>
      <OutcomeFlash actionData={answer} ns="messages" messages={DONE} />
      <WriteMessage
        key={loaderData.sent.length}
        addressee={loaderData.addressee}
        attachable={loaderData.attachable}
        uploadTypes={loaderData.uploadTypes}
        result={resultFor(answer, "send")}
      />
      {rows.length === 0 ? (
        <Alert tone="info">{t("inbox.empty")}</Alert>
      ) : (
        <ul className="grid grid-cols-1 gap-2" data-testid="inbox-list">
          {rows.map((m) => {
            const unread = !m.readAt;
            return (
              <li key={m.id}>
                <Form method="post">
                  <input type="hidden" name="id" value={m.id} />
                  <button
                    type="submit"
                    aria-label={t("inbox.openLabel", { subject: m.subject })}
                    className={cn(
                      "flex w-full items-start gap-3 rounded-xl border p-4 text-left hover:bg-slate-50",
                      unread ? "border-primary-200 bg-primary-50/50" : "border-slate-200 bg-white",
                    )}
                  >
                    {unread ? (
                      <MailIcon className="mt-0.5 size-5 shrink-0 text-primary-700" aria-hidden />
                    ) : (
                      <MailOpenIcon className="mt-0.5 size-5 shrink-0 text-slate-500" aria-hidden />
                    )}
                    <span className="min-w-0 flex-1">
                      <span className="flex flex-wrap items-center gap-2">
                        <span
                          className={cn("text-slate-900", unread ? "font-semibold" : "font-medium")}
                        >
                          {m.subject}
                        </span>
                        {unread ? <Badge tone="progress">{t("inbox.new")}</Badge> : null}
                      </span>
                      <span className="mt-1 block truncate text-sm text-slate-600">
                        {m.preview}
                      </span>
                      <span className="mt-1 block text-xs text-slate-600">
                        {fmt.format(new Date(m.sentAt))}
                      </span>
                    </span>
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      <Pager page={inbox} previous={t("inbox.pager.previous")} next={t("inbox.pager.next")} />
      <Conversation messages={loaderData.sent.slice(0, 10)} title={t("conversation.sent")} />
    </div>
  );
}

export function ErrorBoundary() {
  const { t } = useTranslation("messages");
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="grid max-w-3xl gap-4">
      <Alert tone="error">{missing ? t("inbox.notFound") : t("inbox.loadFailed")}</Alert>
      <Link
        to="/dashboard/messages"
        className={cn(buttonVariants({ variant: "outline" }), "justify-self-start")}
      >
        {t("inbox.back")}
      </Link>
    </div>
  );
}
