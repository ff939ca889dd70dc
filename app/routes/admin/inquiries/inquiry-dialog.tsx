import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate, useNavigation, useSearchParams } from "react-router";
import { DoneFlash, Flash } from "~/app/components/flash";
import { TitledDialog } from "~/app/components/admin/titled-dialog";
import { Button } from "~/app/components/ui/button";
import { Label, NativeSelect } from "~/app/components/ui/input";
import { Textarea } from "~/app/components/ui/textarea";
import { SelectOptions } from "~/app/components/select-options";
import { formatDate } from "~/domain/format";
import { INQUIRY_STATUSES, type InquiryKind } from "~/domain/inquiries";
import type { InboxData, InboxResult } from "./inbox-screen";
import { QuoteFacts } from "./quote-request-rows";

type Detail = NonNullable<InboxData["detail"]>;

/** The confirmation after a reply (?id=<inquiry>&done=replySent), a key of "inbox". */
const REPLY_DONE = { replySent: "replySent", assigned: "complaint.assigned" };

/**
 * One inquiry opened over the list (?id=): what was asked, its status, the replies so far and a
 * reply box. Closing it drops ?id= and keeps the list's filters.
 */
export function InquiryDialog({
  kind,
  detail,
  owners,
  result,
}: {
  kind: InquiryKind;
  detail: Detail;
  owners: InboxData["owners"];
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
        "reference" in detail
          ? t("complaint.title", { reference: detail.reference })
          : "company" in detail
            ? t("detail.titleQuote", { company: detail.company })
            : t("detail.title", { name: detail.name })
      }
      description={
        <>
          {t("detail.received", { date: when(detail.createdAt) })} ·{" "}
          {"company" in detail || "reference" in detail
            ? `${detail.name || t("complaint.anonymous")} · `
            : null}
          {detail.email ? (
            <a href={`mailto:${detail.email}`} className="underline">
              {detail.email}
            </a>
          ) : (
            t("complaint.noEmail")
          )}
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
      {"reference" in detail ? <ComplaintOwner detail={detail} owners={owners} /> : null}

      <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="intent" value="status" />
        <input type="hidden" name="id" value={detail.id} />
        <VersionField detail={detail} />
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
                  {r.forComplainant ? null : ` · ${t("complaint.staffNote")}`}
                </p>
                <p className="mt-1 whitespace-pre-wrap text-slate-800">{r.body}</p>
              </li>
            ))}
          </ol>
        )}
      </section>

      {/* Each reply sent empties the box: a new form once the reply is on the list. */}
      <ReplyForm
        key={detail.replies.length}
        id={detail.id}
        version={"version" in detail ? detail.version : undefined}
        // A reply refused because a colleague answered first comes back to the box (decision
        // record 37), to be read against theirs and sent again or dropped.
        kept={result?.intent === "reply" ? (result as Kept).kept?.body : undefined}
        email={detail.email ?? t("complaint.noEmail")}
        complaint={"reference" in detail}
      />
    </TitledDialog>
  );
}

function WhatWasAsked({ detail }: { detail: Detail }) {
  const { t, i18n } = useTranslation("inbox");
  const message = (text: string) => (
    <p className="rounded-md bg-slate-50 p-3 text-sm whitespace-pre-wrap text-slate-800">{text}</p>
  );
  if ("reference" in detail) {
    const facts: [string, string][] = [
      [t("complaint.category"), t(`complaint.categories.${detail.category}` as "total")],
      [t("complaint.due"), formatDate(detail.dueAt, i18n.language, "dateTime")],
    ];
    if (detail.phone) facts.push([t("detail.phone"), detail.phone]);
    if (detail.reportedContact) facts.push([t("complaint.reported"), detail.reportedContact]);
    if (detail.escalatedAt) {
      facts.push([
        t("complaint.escalated"),
        formatDate(detail.escalatedAt, i18n.language, "dateTime"),
      ]);
    }
    return (
      <section className="grid gap-2" aria-label={t("detail.request")}>
        <dl className="grid gap-1 text-sm sm:grid-cols-2">
          {facts.map(([term, value]) => (
            <div key={term}>
              <dt className="font-medium text-slate-800">{term}</dt>
              <dd className="text-slate-700">{value}</dd>
            </div>
          ))}
        </dl>
        {message(detail.message)}
      </section>
    );
  }
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

/** Who owns a complaint, and a form to give it to a staff member. */
function ComplaintOwner({
  detail,
  owners,
}: {
  detail: Extract<Detail, { reference: string }>;
  owners: InboxData["owners"];
}) {
  const { t } = useTranslation("inbox");
  const navigation = useNavigation();
  return (
    <Form method="post" className="flex flex-wrap items-end gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="id" value={detail.id} />
      <VersionField detail={detail} />
      <div className="grid gap-1.5">
        <Label htmlFor="complaint-owner">{t("complaint.owner")}</Label>
        <NativeSelect
          id="complaint-owner"
          name="ownerId"
          defaultValue={detail.assignedTo ?? ""}
          key={detail.assignedTo ?? ""}
          className="w-56"
        >
          <option value="" disabled>
            {t("complaint.chooseOwner")}
          </option>
          <SelectOptions options={owners.map((o) => ({ value: o.id, label: o.name }))} />
        </NativeSelect>
      </div>
      <Button type="submit" variant="outline" disabled={navigation.state === "submitting"}>
        {t("complaint.assign")}
      </Button>
    </Form>
  );
}

/** What a refused reply sends back to its box. */
type Kept = { kept?: { body?: string } };

/**
 * The version the dialog shows, posted back: a change, reply or new owner made on an older one is
 * refused (decision record 37).
 */
function VersionField({ detail }: { detail: Detail }) {
  return "version" in detail && detail.version ? (
    <input type="hidden" name="version" value={detail.version} />
  ) : null;
}

/** Send Reply stays disabled while the reply is blank. */
function ReplyForm({
  id,
  version,
  kept,
  email,
  complaint = false,
}: {
  id: string;
  version?: number;
  kept?: string;
  email: string;
  complaint?: boolean;
}) {
  const { t } = useTranslation("inbox");
  const navigation = useNavigation();
  const [reply, setReply] = useState(kept ?? "");
  const busy = navigation.state === "submitting";
  return (
    <Form method="post" className="grid gap-2" preventScrollReset>
      <input type="hidden" name="intent" value="reply" />
      <input type="hidden" name="id" value={id} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
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
        {complaint ? t("complaint.replyHint") : t("detail.replyHint")}
      </p>
      {complaint ? (
        <fieldset className="grid gap-1 text-sm">
          <legend className="font-medium text-slate-800">{t("complaint.audience")}</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="audience" value="complainant" defaultChecked />
            {t("complaint.toComplainant")}
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="audience" value="staff" />
            {t("complaint.toStaff")}
          </label>
        </fieldset>
      ) : null}
      <Button type="submit" disabled={busy || reply.trim() === ""} className="justify-self-start">
        {busy && navigation.formData?.get("intent") === "reply"
          ? t("detail.sending")
          : t("detail.sendReply")}
      </Button>
    </Form>
  );
}
