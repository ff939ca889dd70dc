import { formatMoney } from "~/domain/format";
import { useDocumentTypeName } from "./document-type-name";
import { useAdminT } from "./use-admin-t";

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * One activity-log entry as a sentence a person can read, e.g. "Moved an application from Job
 * Matched to Interview Scheduled". Every action code the server records has its sentence under
 * activity.sentences (a unit test greps the recordAudit calls, so a new code without one fails);
 * values (statuses, roles, document types) are translated too, never shown as codes.
 */
export function auditSentence(
  action: string,
  details: Record<string, unknown> | null,
  t: LooseT,
  tc: LooseT,
  lang = "en",
  /** A document type's name by its key (document types are data: useDocumentTypeName). */
  documentName: (key: string) => string = () => "",
): string {
  const key = action.replace(".", "_");
  const d = details ?? {};
  const str = (v: unknown) => (typeof v === "string" ? v : "");
  const value = (group: string, v: unknown) =>
    t(`activity.values.${group}.${str(v)}`, { defaultValue: t("activity.values.unknown") });
  const appStatus = (v: unknown) =>
    tc(`labels.applicationStatus.${str(v) || "unknown"}.label`, {
      defaultValue: tc("labels.applicationStatus.unknown.label"),
    });
  const documentOf = (v: unknown) => documentName(str(v)) || t("activity.values.unknown");
  const say = (k: string, values: Record<string, unknown> = {}) =>
    t(`activity.sentences.${k}`, {
      ...values,
      defaultValue: t("activity.sentences.unknown"),
    });

  switch (key) {
    case "job_toggle_active":
    case "job_toggle_public":
      return say(`${key}_${d.value ? "on" : "off"}`);
    case "user_verify_listing":
      return say(`${key}_${d.listed ? "on" : "off"}`);
    case "profile_channel_optin":
    case "profile_channel_stop":
      return say(key, { channel: d.channel === "sms" ? "SMS" : "WhatsApp" });
    case "application_status_change":
    case "application_schedule_interview":
      return say(key, { from: appStatus(d.from), to: appStatus(d.to) });
    case "application_gate_override":
      return say(key, { to: appStatus(d.to), reason: str(d.reason) });
    case "application_withdraw":
      return say(key, { from: appStatus(d.from) });
    case "user_role_change":
      return say(key, { from: tc(`roles.${str(d.from)}`), to: tc(`roles.${str(d.to)}`) });
    case "user_offices_change": {
      const extra = Array.isArray(d.extraOffices) ? d.extraOffices.map(str).filter(Boolean) : [];
      if (extra.length === 0) return say(`${key}_only`, { office: str(d.office) });
      const list = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
      return say(key, { office: str(d.office), extra: list.format(extra) });
    }
    case "account_erase":
      return say(`${key}_${d.by === "staff" || d.by === "retention" ? d.by : "self"}`);
    case "document_view":
    case "document_upload_for_applicant":
    case "document_certified_copy":
      return say(key, { document: documentOf(d.documentType) });
    case "document_type_save":
      return say(d.created ? `${key}_created` : key, { document: documentOf(d.documentType) });
    case "document_dates":
      return say(key, { document: documentOf(d.documentType) });
    case "checklist_rule_save":
    case "checklist_rule_remove": {
      const kind = d.kind === "program" ? "program" : "job";
      const path = str(d.path)
        ? tc(`labels.${kind === "job" ? "sector" : "programLevel"}.${str(d.path)}`)
        : t(`checklists.anyPath.${kind}`);
      const scope = [
        str(d.destination) || t("checklists.anyDestination"),
        t(`checklists.kind.${kind}`),
        path,
      ].join(" · ");
      const created = key === "checklist_rule_save" && d.created ? "_created" : "";
      return say(`${key}${created}`, { document: documentOf(d.documentType), scope });
    }
    case "document_verify":
    case "document_reject": {
      const document = documentOf(d.documentType);
      if (key === "document_reject" && !str(d.reason)) return say(`${key}_noReason`, { document });
      return say(key, { document, reason: str(d.reason) });
    }
    case "payment_overpayment":
    case "payment_refund_automatic": {
      const amount =
        typeof d.amountMinor === "number" && typeof d.currency === "string"
          ? formatMoney(d.amountMinor, d.currency, lang)
          : str(d.amount);
      return say(key, { amount });
    }
    case "payment_refund": {
      const amount = str(d.amount);
      const receipt = str(d.receiptNumber) || str(d.reference);
      return str(d.reason)
        ? say(key, { amount, receipt, reason: str(d.reason) })
        : say(`${key}_noReason`, { amount, receipt });
    }
    case "message_send":
      return d.recipientGroup
        ? say("message_send_group", {
            group: value("group", d.recipientGroup),
            count: typeof d.recipients === "number" ? d.recipients : 0,
          })
        : say("message_send_one");
    case "settings_update": {
      const changed = Array.isArray(d.changed) ? d.changed : [];
      if (changed.length === 0) return say("settings_update_none");
      const list = new Intl.ListFormat(lang, { style: "long", type: "conjunction" });
      return say(key, { fields: list.format(changed.map((c) => value("settings", c))) });
    }
    case "post_status_change":
      return say(key, { from: value("post", d.from), to: value("post", d.to) });
    case "inquiry_status_change":
    case "outsourcing_inquiry_status_change":
      return say(key, { from: value("inquiry", d.from), to: value("inquiry", d.to) });
    case "saved_view_create":
    case "saved_view_delete":
      return say(key, { name: str(d.name) });
    case "saved_view_rename":
      return say(key, { from: str(d.from), to: str(d.to) });
    case "mail_requeue_failed":
    case "storage_sweep":
      return say(key, { count: typeof d.count === "number" ? d.count : 0 });
    default:
      return say(key, { title: str(d.title) });
  }
}

export function AuditText({
  action,
  details,
}: {
  action: string;
  details: Record<string, unknown> | null;
}) {
  const { t, tc, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  return <span>{auditSentence(action, details, t, tc, lang, documentName)}</span>;
}

/** Where the back-office shows the record an activity-log entry points to, if anywhere. */
export function auditRecordHref(entry: {
  targetType: string;
  targetId: string | null;
  person: { id: string; applicant: boolean } | null;
}): string | null {
  if (entry.person?.applicant) return `/admin/applicants/${encodeURIComponent(entry.person.id)}`;
  const id = entry.targetId ? encodeURIComponent(entry.targetId) : null;
  switch (entry.targetType) {
    case "job":
      return id ? `/admin/jobs?edit=${id}` : "/admin/jobs";
    case "program":
      return id ? `/admin/programs?edit=${id}` : "/admin/programs";
    case "blog_post":
      return id ? `/admin/cms?edit=${id}` : "/admin/cms";
    case "contact_inquiry":
      return id ? `/admin/inquiries?id=${id}` : "/admin/inquiries";
    case "outsourcing_inquiry":
      return id ? `/admin/outsourcing?id=${id}` : "/admin/outsourcing";
    case "complaint":
      return id ? `/admin/complaints?id=${id}` : "/admin/complaints";
    case "interview_slot":
      return "/admin/interviews";
    case "saved_view":
      return "/admin/views";
    case "site_settings":
    case "fee_policy":
    case "recruitment_restriction":
      return "/admin/settings";
    case "monitoring":
    case "incident":
      return "/admin/monitoring";
    default:
      return null;
  }
}
