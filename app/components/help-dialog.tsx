import { HelpCircleIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useRootData } from "~/app/root";
import { formatMoney, whatsappLink } from "~/domain/format";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "./ui/dialog";

const tabTrigger =
  "flex-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-primary-800 data-[state=active]:shadow-sm";

export function HelpDialog() {
  const { t, i18n } = useTranslation();
  const { settings } = useRootData();
  const fee = formatMoney(
    settings.registrationFee.amountMinor,
    settings.registrationFee.currency,
    i18n.language,
  );
  const faqs = t("help.faqs", {
    returnObjects: true,
    fee,
    refund: settings.registrationFee.refundPolicy,
  }) as {
    q: string;
    a: string;
  }[];
  const hours = settings.businessHours;
  return (
    <Dialog>
      <DialogTrigger className="fixed right-4 bottom-4 z-40 inline-flex items-center gap-2 rounded-full bg-primary-700 px-4 py-3 text-sm font-medium text-white shadow-lg hover:bg-primary-800">
        <HelpCircleIcon className="size-5" aria-hidden />
        {t("help.open")}
      </DialogTrigger>
      <DialogContent closeLabel={t("actions.close")}>
        <DialogHeader>
          <DialogTitle>{t("help.title")}</DialogTitle>
          <DialogDescription>{t("help.description")}</DialogDescription>
        </DialogHeader>
        <Tabs.Root defaultValue="faqs" className="grid gap-4">
          <Tabs.List
            className="flex gap-1 rounded-lg bg-slate-100 p-1"
            aria-label={t("help.title")}
          >
            <Tabs.Trigger value="faqs" className={tabTrigger}>
              {t("help.tabs.faqs")}
            </Tabs.Trigger>
            <Tabs.Trigger value="contact" className={tabTrigger}>
              {t("help.tabs.contact")}
            </Tabs.Trigger>
            <Tabs.Trigger value="resources" className={tabTrigger}>
              {t("help.tabs.resources")}
            </Tabs.Trigger>
          </Tabs.List>
          <Tabs.Content value="faqs" className="grid gap-2">
            {faqs.map((f) => (
              <details key={f.q} className="rounded-lg border border-slate-200 p-3">
                <summary className="cursor-pointer text-sm font-medium">{f.q}</summary>
                <p className="mt-2 text-sm text-slate-700">{f.a}</p>
              </details>
            ))}
          </Tabs.Content>
          <Tabs.Content value="contact">
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="font-medium">{t("help.contact.whatsapp")}</dt>
                <dd>
                  <a
                    className="text-primary-700 underline"
                    href={whatsappLink(settings.whatsappNumber)}
                  >
                    {settings.whatsappNumber}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium">{t("help.contact.email")}</dt>
                <dd>
                  <a
                    className="text-primary-700 underline"
                    href={`mailto:${settings.contactEmail}`}
                  >
                    {settings.contactEmail}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium">{t("help.contact.phone")}</dt>
                <dd>
                  <a
                    className="text-primary-700 underline"
                    href={`tel:${settings.phone.replace(/\s/g, "")}`}
                  >
                    {settings.phone}
                  </a>
                </dd>
              </div>
              <div>
                <dt className="font-medium">{t("help.contact.hours")}</dt>
                <dd>
                  {t("help.contact.hoursValue", {
                    days: hours.days,
                    open: hours.open,
                    close: hours.close,
                    tz: hours.timeZoneLabel,
                  })}
                </dd>
                <dd className="text-slate-600">{hours.closedNote}</dd>
              </div>
              <p className="rounded-md bg-green-50 p-2 text-green-900">
                {t("help.contact.emergency")}
              </p>
            </dl>
          </Tabs.Content>
          <Tabs.Content value="resources">
            <ul className="grid gap-2 text-sm">
              <li>
                <Link className="text-primary-700 underline" to="/services/application-tracking">
                  {t("help.resources.guidelines")}
                </Link>
              </li>
              <li>
                <Link className="text-primary-700 underline" to="/services/document-support">
                  {t("help.resources.checklist")}
                </Link>
              </li>
              <li>
                <Link className="text-primary-700 underline" to="/services/visa-assistance">
                  {t("help.resources.visa")}
                </Link>
              </li>
              <li>
                <Link className="text-primary-700 underline" to="/services/interview-preparation">
                  {t("help.resources.interview")}
                </Link>
              </li>
            </ul>
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}
