import { CheckCircle2Icon, FileBadgeIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Flash } from "~/app/components/flash";
import { HiddenValues } from "~/app/components/admin/intent-form";
import { useDocumentTypeName } from "~/app/components/admin/document-type-name";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { Badge } from "~/app/components/ui/badge";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Input, Label } from "~/app/components/ui/input";
import type { ActionResult } from "~/app/lib/action-result";
import { calendarDay, formatDate } from "~/domain/format";
import type { ApplicationDetailsData } from "./applications-details";

type StaffDocument = ApplicationDetailsData["documents"][number];

/** A type whose dates say how long it can be used (an expiry, or months of validity). */
const dated = (d: Pick<StaffDocument, "expires" | "validityMonths">) =>
  Boolean(d.expires || d.validityMonths);

function DateField({
  id,
  name,
  value,
  children,
}: {
  id: string;
  name: string;
  value: string | null;
  children: React.ReactNode;
}) {
  return (
    <div className="grid gap-1">
      <Label htmlFor={id} className="text-xs">
        {children}
      </Label>
      <Input id={id} name={name} type="date" defaultValue={value ?? ""} className="h-9" />
    </div>
  );
}

/**
 * The applicant's documents in the details dialog, each with Open, Verify (until it is verified),
 * a certified copy once it is verified, and Reject (a verified document may still turn out wrong).
 */
export function StaffDocuments({
  documents,
  actionData,
}: {
  documents: ApplicationDetailsData["documents"];
  actionData: ActionResult | undefined;
}) {
  const { t, lang } = useAdminT();
  const documentName = useDocumentTypeName();
  const day = (d: string) => formatDate(calendarDay(d), lang);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <section className="grid gap-2">
      <h3 className="font-semibold">{t("applications.details.documents")}</h3>
      {actionData?.intent === "review" && actionData.flash ? (
        <Flash flash={actionData.flash} />
      ) : null}
      {documents.length === 0 ? (
        <p className="text-slate-600">{t("applications.details.noDocuments")}</p>
      ) : (
        <ul className="grid gap-3">
          {documents.map((d) => (
            <li
              key={d.id}
              className="grid gap-2 rounded-lg border border-slate-200 p-3"
              data-testid="staff-document"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div>
                  <p className="font-medium">{documentName(d.documentType)}</p>
                  {d.restricted ? null : (
                    <p className="text-xs break-all text-slate-600">{d.fileName}</p>
                  )}
                </div>
                <Badge
                  tone={
                    d.status === "verified"
                      ? "success"
                      : d.status === "rejected"
                        ? "danger"
                        : "waiting"
                  }
                >
                  {t(`documents.status.${d.status}`)}
                </Badge>
              </div>
              {d.reviewReason ? <p className="text-xs text-slate-700">{d.reviewReason}</p> : null}
              {d.validUntil ? (
                <p
                  className={d.expired ? "text-xs text-red-700" : "text-xs text-slate-700"}
                  data-testid="staff-document-valid-until"
                >
                  {d.expired
                    ? t("applications.details.expiredOn", { date: day(d.validUntil) })
                    : t("applications.details.validUntil", { date: day(d.validUntil) })}
                </p>
              ) : null}
              {d.sensitive ? (
                <p className="text-xs text-slate-700" data-testid="staff-document-sensitive">
                  {d.restricted
                    ? t("applications.details.sensitiveRestricted")
                    : t("applications.details.sensitiveLogged")}
                </p>
              ) : null}
              {d.downloadUrl === null ? null : (
                <div className="flex flex-wrap items-end gap-2">
                  <a
                    href={d.downloadUrl}
                    target="_blank"
                    rel="noreferrer"
                    className={buttonVariants({ variant: "ghost", size: "sm" })}
                  >
                    {t("applications.details.open")}
                  </a>
                  {d.status === "verified" ? (
                    // A plain post: the answer is the PDF itself, which the browser downloads.
                    <form method="post" action={`${d.downloadUrl}/certified-copy`}>
                      <Button type="submit" size="sm" variant="outline">
                        <FileBadgeIcon aria-hidden />
                        {t("applications.details.certifiedCopy")}
                      </Button>
                    </form>
                  ) : null}
                  {d.status === "verified" && !dated(d) ? null : (
                    <Form
                      method="post"
                      preventScrollReset
                      className="flex flex-wrap items-end gap-2"
                    >
                      <HiddenValues
                        values={{ intent: "review", documentId: d.id, decision: "verify" }}
                      />
                      {/* The dates printed on it: the applicant's, confirmed or corrected here. */}
                      {dated(d) ? (
                        <>
                          <DateField id={`issued-${d.id}`} name="issuedOn" value={d.issuedOn}>
                            {t("applications.details.issuedOn")}
                          </DateField>
                          {d.expires ? (
                            <DateField id={`expires-${d.id}`} name="expiresOn" value={d.expiresOn}>
                              {t("applications.details.expiresOn")}
                            </DateField>
                          ) : null}
                        </>
                      ) : null}
                      <Button type="submit" size="sm" variant="outline" disabled={busy}>
                        <CheckCircle2Icon aria-hidden />
                        {d.status === "verified"
                          ? t("applications.details.saveDates")
                          : t("applications.details.verify")}
                      </Button>
                    </Form>
                  )}
                  <Form method="post" preventScrollReset className="flex flex-wrap items-end gap-2">
                    <HiddenValues
                      values={{ intent: "review", documentId: d.id, decision: "reject" }}
                    />
                    <div className="grid gap-1">
                      <Label htmlFor={`reason-${d.id}`} className="text-xs">
                        {t("applications.details.rejectReason")}
                      </Label>
                      <Input
                        id={`reason-${d.id}`}
                        name="reason"
                        required
                        maxLength={500}
                        className="h-9"
                      />
                    </div>
                    <Button type="submit" size="sm" variant="destructive" disabled={busy}>
                      {t("applications.details.reject")}
                    </Button>
                  </Form>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
