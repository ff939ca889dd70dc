import { BadgeCheckIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { type AgencyRegistration, registrationLine } from "~/domain/agency-trust";
import { cn } from "~/app/lib/utils";

/**
 * The agency's registrations as one short list, with the way to check a number that
 * claims to be us: in the footer of every page, on job pages and on receipts.
 */
export function AgencyRegistrations({
  registrations,
  dark = false,
  withVerifyLink = true,
  className,
}: {
  registrations: readonly AgencyRegistration[];
  dark?: boolean;
  withVerifyLink?: boolean;
  className?: string;
}) {
  const { t } = useTranslation();
  if (registrations.length === 0 && !withVerifyLink) return null;
  return (
    <div
      className={cn("grid gap-1 text-xs", dark ? "text-slate-300" : "text-slate-700", className)}
      data-testid="agency-registrations"
    >
      {registrations.length > 0 ? (
        <>
          <p
            className={cn(
              "flex items-center gap-1.5 font-semibold",
              dark ? "text-white" : "text-slate-900",
            )}
          >
            <BadgeCheckIcon className="size-4 shrink-0" aria-hidden />
            {t("footer.registrations")}
          </p>
          <ul className="grid gap-0.5">
            {registrations.map((r) => (
              <li key={`${r.countryCode}:${r.number}`}>{registrationLine(r)}</li>
            ))}
          </ul>
        </>
      ) : null}
      {withVerifyLink ? (
        <p>
          <Link
            to="/verify"
            className={cn(
              "underline",
              dark ? "text-slate-200 hover:text-white" : "text-primary-700",
            )}
          >
            {t("footer.verify")}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
