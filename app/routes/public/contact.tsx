import type { SubmissionResult } from "@conform-to/react";
import { ClockIcon, MailIcon, MapPinIcon, MessageCircleIcon, PhoneIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";
import { Form, Link } from "~/app/components/localized";
import { HoneypotField } from "~/app/components/honeypot-field";
import { HeroBand } from "~/app/components/page-section";
import { TitledCard } from "~/app/components/titled-card";
import { SubmissionKeyField } from "~/app/components/submission-key";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { FormErrors, FormInput, FormTextarea } from "~/app/components/ui/field";
import { i18nHandle } from "~/app/i18n/namespaces";
import { useLazyForm } from "~/app/lib/lazy-form";
import { fixedPageMeta } from "~/app/lib/seo";
import { useRootData } from "~/app/lib/root-data";
import { whatsappLink } from "~/domain/format";
import type { Route } from "./+types/contact";
import { receiveContactMessage, submissionKeyLoader } from "./inquiry-form.server";

export const handle = i18nHandle("inquiries");

export const meta: Route.MetaFunction = fixedPageMeta("inquiries:meta", "/contact");

export const loader = submissionKeyLoader;

export const action = receiveContactMessage;

export default function ContactPage({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("inquiries");
  const { settings } = useRootData();
  const hours = settings.businessHours;
  // Once sent, the thanks (by name and address, which one Flash message cannot carry) and a way to
  // write again take the form's place.
  const sent =
    actionData && "sent" in actionData
      ? (actionData.sent as { name: string; email: string })
      : null;

  return (
    <div>
      <HeroBand eyebrow={t("contact.eyebrow")} title={t("contact.title")} lead={t("contact.intro")}>
        <p className="mt-4 inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm">
          <ClockIcon className="size-4" aria-hidden /> {t("contact.promise")}
        </p>
      </HeroBand>

      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 lg:grid-cols-[3fr_2fr]">
        <TitledCard title={t("contact.formTitle")} description={t("contact.formDescription")}>
          {sent ? (
            <Alert tone="success" title={t("contact.successTitle")} data-testid="contact-success">
              <p>{t("contact.successBody", sent)}</p>
              <p className="mt-3">
                <Link to="/contact" reloadDocument className="font-medium underline">
                  {t("contact.sendAnother")}
                </Link>
              </p>
            </Alert>
          ) : (
            <ContactForm lastResult={actionData?.result} />
          )}
        </TitledCard>

        <div className="grid content-start gap-6">
          <TitledCard title={t("contact.channelsTitle")}>
            <ul className="grid gap-4">
              <Channel
                href={whatsappLink(settings.whatsappNumber)}
                external
                icon={<MessageCircleIcon className="mt-0.5 size-5 text-green-700" aria-hidden />}
                label={`${t("contact.whatsapp")}: ${settings.whatsappNumber}`}
                hint={t("contact.whatsappHint")}
              />
              <Channel
                href={`mailto:${settings.contactEmail}`}
                icon={<MailIcon className="mt-0.5 size-5 text-primary-700" aria-hidden />}
                label={`${t("contact.email")}: ${settings.contactEmail}`}
              />
              <Channel
                href={`tel:${settings.phone.replace(/[^\d+]/g, "")}`}
                icon={<PhoneIcon className="mt-0.5 size-5 text-primary-700" aria-hidden />}
                label={`${t("contact.phone")}: ${settings.phone}`}
              />
            </ul>
          </TitledCard>

          <TitledCard
            title={t("contact.hoursTitle")}
            contentClassName="grid gap-1 text-sm text-slate-700"
          >
            <p className="flex items-center gap-2">
              <ClockIcon className="size-4 text-primary-700" aria-hidden />
              {t("contact.hoursLine", { ...hours, zone: hours.timeZoneLabel })}
            </p>
            {hours.closedNote ? <p>{hours.closedNote}</p> : null}
            <p className="mt-2 font-medium text-slate-900">{t("contact.promise")}</p>
          </TitledCard>

          <TitledCard title={t("contact.officesTitle")}>
            <ul className="grid gap-4">
              {settings.offices.map((office) => (
                <li key={office.city} className="flex items-start gap-3 text-sm">
                  <MapPinIcon className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden />
                  <address className="not-italic">
                    <span className="block font-semibold text-slate-900">
                      {office.city}, {office.country}
                    </span>
                    <span className="block text-slate-700">{office.address}</span>
                    <a
                      href={`tel:${office.phone.replace(/[^\d+]/g, "")}`}
                      className="block py-0.5 text-primary-700 underline"
                    >
                      {office.phone}
                    </a>
                    <a
                      href={`mailto:${office.email}`}
                      className="block py-0.5 text-primary-700 underline"
                    >
                      {office.email}
                    </a>
                  </address>
                </li>
              ))}
            </ul>
          </TitledCard>

          <SocialLinks />
        </div>
      </div>
    </div>
  );
}

function SocialLinks() {
  const { t } = useTranslation("inquiries");
  const { settings } = useRootData();
  const links = (
    [
      ["Facebook", settings.social.facebook],
      ["LinkedIn", settings.social.linkedin],
      ["Instagram", settings.social.instagram],
    ] as const
  ).filter(([, href]) => href);
  if (links.length === 0) return null;
  return (
    <div>
      <h2 className="mb-2 text-sm font-semibold text-slate-900">{t("contact.followUs")}</h2>
      <ul className="flex flex-wrap gap-2">
        {links.map(([label, href]) => (
          <li key={label}>
            <a
              href={href}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50"
            >
              {label}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

type LastResult = SubmissionResult<string[]> | undefined;

/** Who is writing and about what, two to a row on a wide screen, each with its autofill hint. */
const CONTACT_FIELDS = [
  ["name", { autoComplete: "name", required: true }],
  ["email", { autoComplete: "email", type: "email", required: true }],
  ["phone", { autoComplete: "tel", type: "tel" }],
  ["subject", { required: true, maxLength: 200 }],
] as const;

function ContactForm({ lastResult }: { lastResult: LastResult }) {
  const { t } = useTranslation("inquiries");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formAction === "/contact";
  const [form, fields, formProps] = useLazyForm(
    () => import("~/domain/inquiries").then((m) => m.ContactInquirySchema),
    { id: "contact", lastResult, shouldValidate: "onBlur" },
  );
  return (
    <Form method="post" action="/contact" {...formProps} className="grid gap-4">
      <SubmissionKeyField />
      <FormErrors errors={form.errors} ns="inquiries" />
      <div className="grid gap-4 sm:grid-cols-2">
        {CONTACT_FIELDS.map(([name, input]) => (
          <FormInput
            key={name}
            field={fields[name]}
            ns="inquiries"
            label={t(`contact.fields.${name}`)}
            {...input}
          />
        ))}
      </div>
      <FormTextarea
        field={fields.message}
        ns="inquiries"
        label={t("contact.fields.message")}
        rows={6}
        required
        maxLength={5000}
      />
      <HoneypotField id="contact-website" label={t("contact.honeypot")} />
      <Button type="submit" variant="accent" disabled={busy} className="justify-self-start">
        {busy ? t("contact.submitting") : t("contact.submit")}
      </Button>
    </Form>
  );
}

/** One way to reach the agency: its icon, what to press, and a line under it. */
function Channel({
  href,
  icon,
  label,
  hint,
  external = false,
}: {
  href: string;
  icon: React.ReactNode;
  label: string;
  hint?: string;
  external?: boolean;
}) {
  return (
    <li>
      <a
        href={href}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className="flex items-start gap-3 rounded-md hover:bg-slate-50"
      >
        {icon}
        <span>
          <span className="block font-medium text-slate-900">{label}</span>
          {hint ? <span className="block text-sm text-slate-600">{hint}</span> : null}
        </span>
      </a>
    </li>
  );
}
