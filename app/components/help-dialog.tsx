import { HelpCircleIcon } from "lucide-react";
import { Tabs } from "radix-ui";
import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { useRootData } from "~/app/lib/root-data";
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

const TABS = ["faqs", "contact", "resources"] as const;

/** The service pages the help dialog points to, by the resource they explain. */
const RESOURCES = [
  ["guidelines", "/services/application-tracking"],
  ["checklist", "/services/document-support"],
  ["visa", "/services/visa-assistance"],
  ["interview", "/services/interview-preparation"],
] as const;

const FEE_MARK = "\u2063fee\u2063";

export function HelpDialog() {
  const { t, i18n } = useTranslation();
  const { settings, viewer } = useRootData();
  // The fee of the reader's own policy (decision record 33), not the site's; with none due, a
  // mark that finds the one answer naming the fee, which the no-fee answer replaces.
  const due = viewer?.dueFee ?? null;
  const fee = due ? formatMoney(due.amountMinor, due.currency, i18n.language) : FEE_MARK;
  const faqs = t("help.faqs", {
    returnObjects: true,
    fee,
    refund: due?.refundPolicy ?? "",
  }) as {
    q: string;
    a: string;
  }[];
  // Under an office's policy with no fee to the applicant, the fee question says so (the only
  // answer that names the fee is that one; decision record 33).
  const noFee = !due
    ? (t("help.feeFaqNoFee", { returnObjects: true }) as { q: string; a: string })
    : null;
  const shown = noFee ? faqs.map((f) => (f.a.includes(fee) ? noFee : f)) : faqs;
  const hours = settings.businessHours;
  const channels = [
    { key: "whatsapp", href: whatsappLink(settings.whatsappNumber), text: settings.whatsappNumber },
    { key: "email", href: `mailto:${settings.contactEmail}`, text: settings.contactEmail },
    { key: "phone", href: `tel:${settings.phone.replace(/\s/g, "")}`, text: settings.phone },
  ] as const;
  return (
    <Dialog>
      {/* A phone: an icon in the header, covering nothing. From md up: the floating button. */}
      <DialogTrigger className="inline-flex size-9 items-center justify-center gap-2 rounded-md text-sm font-medium text-slate-700 hover:bg-slate-100 md:fixed md:right-4 md:bottom-4 md:z-40 md:size-auto md:rounded-full md:bg-primary-700 md:px-4 md:py-3 md:text-white md:shadow-lg md:hover:bg-primary-800">
        <HelpCircleIcon className="size-5" aria-hidden />
        <span className="sr-only md:not-sr-only">{t("help.open")}</span>
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
            {TABS.map((tab) => (
              <Tabs.Trigger key={tab} value={tab} className={tabTrigger}>
                {t(`help.tabs.${tab}`)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="faqs" className="grid gap-2">
            {shown.map((f) => (
              <details key={f.q} className="rounded-lg border border-slate-200 p-3">
                <summary className="cursor-pointer text-sm font-medium">{f.q}</summary>
                <p className="mt-2 text-sm text-slate-700">{f.a}</p>
              </details>
            ))}
          </Tabs.Content>
          <Tabs.Content value="contact">
            <dl className="grid gap-3 text-sm">
              {channels.map((c) => (
                <div key={c.key}>
                  <dt className="font-medium">{t(`help.contact.${c.key}`)}</dt>
                  <dd>
                    <a className="text-primary-700 underline" href={c.href}>
                      {c.text}
                    </a>
                  </dd>
                </div>
              ))}
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
              {RESOURCES.map(([key, to]) => (
                <li key={key}>
                  <Link className="text-primary-700 underline" to={to}>
                    {t(`help.resources.${key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </Tabs.Content>
        </Tabs.Root>
      </DialogContent>
    </Dialog>
  );
}
