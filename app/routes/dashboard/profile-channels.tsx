import { Form } from "react-router";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/app/components/ui/card";
import type { Route } from "./+types/profile";

/**
 * WhatsApp and SMS: the applicant's yes or no to each, with what they agree to and the number it
 * goes to. A channel the agency has not set up, or without a number in international format,
 * says why it cannot be chosen.
 */
export function PhoneChannelsCard({
  channels,
  error,
}: {
  channels: NonNullable<Route.ComponentProps["loaderData"]["channels"]>;
  /** The key of why the last save was refused. */
  error: string | null;
}) {
  const { t } = useTranslation("dashboard");
  return (
    <Card aria-labelledby="phone-channels-title" data-testid="phone-channels">
      <CardHeader>
        <CardTitle id="phone-channels-title">{t("profile.channels.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-3 text-sm text-slate-700">
        <p>{t("profile.channels.body")}</p>
        <Form method="post" preventScrollReset className="grid gap-3">
          <input type="hidden" name="intent" value="phone-channels" />
          {error ? (
            <p role="alert" className="font-medium text-red-700">
              {t(error as "profile.channels.noNumber")}
            </p>
          ) : null}
          {channels.map((c) => {
            const usable = c.available && c.number !== null;
            const note = !c.available
              ? t("profile.channels.unavailable")
              : c.number
                ? t("profile.channels.to", { number: c.number })
                : t("profile.channels.noNumber");
            return (
              <div key={c.channel} className="flex items-start gap-3">
                <input
                  type="checkbox"
                  id={`channel-${c.channel}`}
                  name={c.channel}
                  value="on"
                  defaultChecked={c.on}
                  // A yes already given can always be taken back.
                  disabled={!usable && !c.on}
                  aria-describedby={`channel-${c.channel}-note`}
                  className="mt-0.5 size-4 accent-primary-700"
                />
                <div>
                  <label htmlFor={`channel-${c.channel}`} className="font-medium text-slate-900">
                    {t(`profile.channels.${c.channel}`)}
                  </label>
                  <p id={`channel-${c.channel}-note`} className="text-slate-600">
                    {note}
                  </p>
                </div>
              </div>
            );
          })}
          <p className="text-xs text-slate-600">{t("profile.channels.consent")}</p>
          <Button type="submit" variant="outline" size="sm" className="justify-self-start">
            {t("profile.channels.save")}
          </Button>
        </Form>
      </CardContent>
    </Card>
  );
}
