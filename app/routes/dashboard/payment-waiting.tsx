import { Loader2Icon } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useFetcher } from "react-router";
import { Alert } from "~/app/components/ui/alert";
import { Button } from "~/app/components/ui/button";
import { useHydrated } from "~/app/lib/use-hydrated";
import { formatMoney } from "~/domain/format";
import type { Route } from "./+types/payment";

// The payment page while a payment's outcome is not in our records yet. A page load only reads
// them (Paynow's and Paystack's own updates write them); asking the provider is the "check" post,
// which the page sends by itself with JavaScript and offers as a button without.

/** The "check" form: asks the provider how `reference` went (and records a payment it took). */
function CheckForm({
  reference,
  prompt,
  label,
  variant,
}: {
  reference: string;
  prompt: boolean;
  label: string;
  variant: "link" | "default";
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value="check" />
      <input type="hidden" name="reference" value={reference} />
      {prompt ? <input type="hidden" name="prompt" value="1" /> : null}
      <Button
        type="submit"
        variant={variant}
        className={variant === "link" ? "h-auto p-0 font-medium underline" : undefined}
      >
        {label}
      </Button>
    </Form>
  );
}

/** Posts "check" for `reference` at once, or every `everyMs` while the page stays (JavaScript only). */
function useCheck(reference: string, prompt: boolean, everyMs: number | null) {
  const fetcher = useFetcher();
  const { submit } = fetcher;
  const sent = useRef(false);
  const idle = fetcher.state === "idle";
  useEffect(() => {
    if (!idle || (everyMs === null && sent.current)) return;
    const timer = window.setTimeout(() => {
      sent.current = true;
      void submit(
        { intent: "check", reference, ...(prompt ? { prompt: "1" } : {}) },
        { method: "post" },
      );
    }, everyMs ?? 0);
    return () => window.clearTimeout(timer);
  }, [idle, submit, reference, prompt, everyMs]);
}

type Waiting = NonNullable<Route.ComponentProps["loaderData"]["waiting"]>;

/**
 * A prompt is on the applicant's phone. The page checks every few seconds: with JavaScript by
 * posting "check" (which asks Paynow), without it by reloading itself (which shows what Paynow's
 * status update recorded); "Check again" posts the check by hand.
 */
export function WaitingForPhone({ waiting }: { waiting: Waiting }) {
  const { t, i18n } = useTranslation("payment");
  const hydrated = useHydrated();
  useCheck(waiting.reference, true, 4000);
  const here = `/dashboard/payment?waiting=${encodeURIComponent(waiting.reference)}`;
  return (
    <Alert tone="info" title={t("waiting.title")} data-testid="payment-waiting">
      <p>
        {t("waiting.body", {
          amount: formatMoney(waiting.amountMinor, waiting.currency, i18n.language),
          wallet: t(`method.${waiting.wallet}`, { defaultValue: waiting.wallet }),
          phone: waiting.phone,
        })}
      </p>
      <p className="mt-2">{t("waiting.expires")}</p>
      <div className="mt-3 flex items-center gap-3">
        {hydrated ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : null}
        <CheckForm
          reference={waiting.reference}
          prompt
          label={t("waiting.checkAgain")}
          variant="link"
        />
      </div>
      {/* Without JavaScript the page reloads itself to show what has been recorded. */}
      <noscript>
        <meta httpEquiv="refresh" content={`5;url=${here}`} />
      </noscript>
    </Alert>
  );
}

/** Back from a provider's checkout whose payment our records do not know yet: ask the provider. */
export function CheckingPayment({ reference }: { reference: string }) {
  const { t } = useTranslation("payment");
  const hydrated = useHydrated();
  useCheck(reference, false, null);
  return (
    <Alert tone="info" title={t("checking.title")} data-testid="payment-checking">
      <p>{t("checking.body")}</p>
      <div className="mt-3 flex items-center gap-3">
        {hydrated ? <Loader2Icon className="size-4 animate-spin" aria-hidden /> : null}
        <CheckForm
          reference={reference}
          prompt={false}
          label={t("checking.button")}
          variant="default"
        />
      </div>
    </Alert>
  );
}
