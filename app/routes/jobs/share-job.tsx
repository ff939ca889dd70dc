import { LinkIcon, MailIcon, MessageCircleIcon, Share2Icon } from "lucide-react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocalizePath } from "~/app/components/localized";
import { buttonVariants } from "~/app/components/ui/button";
import { useRootData } from "~/app/lib/root-data";

const linkClass = buttonVariants({ variant: "outline", size: "sm" });

/**
 * Share a job: the phone's own share sheet where the browser has one (Web Share API); otherwise,
 * and before or without JavaScript, plain links (WhatsApp, e-mail, the job's own address). The
 * page is the same for every visitor (it is cached): only the job's public address goes in.
 */
export function ShareJob({ path, title }: { path: string; title: string }) {
  const { t } = useTranslation("jobs");
  const { baseUrl, settings } = useRootData();
  const url = baseUrl + useLocalizePath()(path);
  const site = settings.agencyName;
  const [canShare, setCanShare] = useState(false);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);
  useEffect(() => setCanShare(typeof navigator.share === "function"), []);

  const whatsapp = `https://wa.me/?text=${encodeURIComponent(`${title}\n${url}`)}`;
  const body = `${t("share.emailIntro", { site })}\n\n${title}\n${url}`;
  const mail = `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;

  return (
    <section aria-labelledby="share-job" className="mt-6 grid gap-3">
      <h2 id="share-job" className="text-base font-semibold text-slate-900">
        {t("share.title")}
      </h2>
      {canShare ? (
        <button
          type="button"
          className={buttonVariants({ variant: "outline", className: "justify-self-start" })}
          onClick={() => {
            navigator.share({ title, url }).catch(() => {
              // Closing the share sheet rejects too; there is nothing to tell.
            });
          }}
        >
          <Share2Icon aria-hidden />
          {t("share.share")}
        </button>
      ) : (
        <ul className="flex flex-wrap gap-2">
          <li>
            <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={linkClass}>
              <MessageCircleIcon aria-hidden />
              {t("share.whatsapp")}
              <span className="sr-only"> {t("share.newTab")}</span>
            </a>
          </li>
          <li>
            <a href={mail} className={linkClass}>
              <MailIcon aria-hidden />
              {t("share.email")}
            </a>
          </li>
          <li>
            {/* Without JavaScript this is the job's address itself: press and hold to copy it. */}
            <a
              href={url}
              className={linkClass}
              onClick={(event) => {
                event.preventDefault();
                if (!navigator.clipboard) return setCopied("copyFailed");
                navigator.clipboard.writeText(url).then(
                  () => setCopied("copied"),
                  () => setCopied("copyFailed"),
                );
              }}
            >
              <LinkIcon aria-hidden />
              {t("share.copy")}
            </a>
          </li>
        </ul>
      )}
      <p role="status" className="text-sm text-slate-700 empty:hidden">
        {copied ? t(`share.${copied}`) : null}
      </p>
    </section>
  );
}
