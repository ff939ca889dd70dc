import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate, useNavigation, useSearchParams } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { TitledDialog } from "~/app/components/admin/titled-dialog";
import { Button } from "~/app/components/ui/button";
import { Label, NativeSelect, Textarea } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { formatDate } from "~/domain/format";
import { INQUIRY_STATUSES, type InquiryKind } from "~/domain/inquiries";
import type { InboxData, InboxResult } from "./inbox-screen";
import { QuoteFacts } from "./quote-request-rows";

type Detail = NonNullable<InboxData["detail"]>;

/** The confirmation after a reply (?id=<inquiry>&done=replySent), a key of "inbox". */
const REPLY_DONE = { replySent: "replySent" };

/**
 * One inquiry opened over the list (?id=): what was asked, its status, the replies so far and a
 * reply box. Closing it drops ?id= and keeps the list's filters.
 */
export function InquiryDialog({
  kind,
  detail,
  result,
}: {
  kind: InquiryKind;
  detail: Detail;
  result?: InboxResult;
}) {
  const { t, i18n } = useTranslation("inbox");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const [params] = useSearchParams();
  const when = (d: Date) => formatDate(d, i18n.language, "dateTime");
  const busy = navigation.state === "submitting";
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete("id");
    next.delete("done");
    void navigate(`?${next.toString()}`, { preventScrollReset: true });
  };
  return (
    <TitledDialog
      open
      onOpenChange={(open) => (open ? null : close())}
      title={
        "company" in detail
          ? t("detail.titleQuote", { company: detail.company })
          : t("detail.title", { name: detail.name })
      }
      description={
        <>
          {t("detail.received", { date: when(detail.createdAt) })} ·{" "}
          {"company" in detail ? `${detail.name} · ` : null}
          <a href={`mailto:${detail.email}`} className="underline">
            {detail.email}
          </a>
          {"phone" in detail && detail.phone ? ` · ${t("detail.phone")}: ${detail.phone}` : null}
        </>
      }
      closeLabel={t("detail.close")}
      width="2xl"
      className="grid-cols-1 wrap-anywhere"
    >
      {/* A post answered here replaces the confirmation of an earlier redirect. */}
      {result ? (
        <Flash flash={result.flash} ns="inbox" className="" />
      ) : (
        <DoneFlash ns="inbox" messages={REPLY_DONE} className="" />
      )}

      <WhatWasAsked detail={detail} />

      <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={detail.id} />
        <div className="grid gap-1.5">
          <Label htmlFor="detail-status">{t("detail.status")}</Label>
          <NativeSelect
            id="detail-status"
            name="status"
            defaultValue={detail.status}
            key={detail.status}
            className="w-44"
          >
            <SelectOptions
              options={INQUIRY_STATUSES[kind].map((s) => ({
                value: s,
                label: t(`status.${kind}.${s}` as "total"),
              }))}
            />
          </NativeSelect>
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          {t("detail.updateStatus")}
        </Button>
        {"assignedToName" in detail ? (
          <p className="text-sm text-slate-600">
            {t("detail.assignedTo")}: {detail.assignedToName ?? t("detail.nobody")}
          </p>
        ) : null}
      </Form>

      <section className="grid gap-2" aria-labelledby="replies-heading">
        <h3 id="replies-heading" className="text-sm font-semibold text-slate-900">
          {t("detail.replies")}
        </h3>
        {detail.replies.length === 0 ? (
          <p className="text-sm text-slate-600">{t("detail.noReplies")}</p>
        ) : (
          <ol className="grid gap-2" data-testid="inquiry-replies">
            {detail.replies.map((r) => (
              <li key={r.id} className="rounded-md border border-slate-200 p-3 text-sm">
                <p className="text-xs text-slate-600">
                  {t("detail.replyBy", { name: r.authorName ?? "—", date: when(r.createdAt) })}
                </p>
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {/* Each reply sent empties the box: a new form once the reply is on the list. */}
      <ReplyForm key={detail.replies.length} id={detail.id} email={detail.email} />
    </TitledDialog>
  );
}

function WhatWasAsked({ detail }: { detail: Detail }) {
  const { t } = useTranslation("inbox");
  const message = (text: string) => (
    <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">{text}</p>
  );
  if ("company" in detail) {
    return (
      <section className="grid gap-2" aria-label={t("detail.request")}>
        <QuoteFacts request={detail} withCompany />
        {detail.message ? (
          message(detail.message)
        ) : (
          <p className="text-sm text-slate-600">{t("outsourcing.noMessage")}</p>
        )}
      </section>
    );
  }
  return (
    <section className="grid gap-1">
      <h3 className="text-sm font-semibold text-slate-900">
        {detail.subject || t("table.noSubject")}
      </h3>
      {message(detail.message)}
    </section>
  );
}

/** Send Reply stays disabled while the reply is blank. */
function ReplyForm({ id, email }: { id: string; email: string }) {
  const { t } = useTranslation("inbox");
  const navigation = useNavigation();
  const [reply, setReply] = useState("");
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="grid gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={id} />
      <Label htmlFor="reply-body">{t("detail.replyLabel", { email })}</Label>
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
        {t("detail.replyHint")}
      </p>
      <Button type="submit" disabled={busy || reply.trim() === ""} className="justify-self-start">
        {busy && navigation.formData?.get("intent") === "reply"
          ? t("detail.sending")
          : t("detail.sendReply")}
      </Button>
    </Form>
  );
}
