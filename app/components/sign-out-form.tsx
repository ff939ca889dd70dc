import { LogOutIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "~/app/components/localized";
import { cn } from "~/app/lib/utils";

export function SignOutForm({
  className,
  labelClassName,
}: {
  className?: string;
  labelClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/sign-out" className="contents">
      <button type="submit" className={className}>
        <LogOutIcon className={cn("size-4")} aria-hidden />
        <span className={labelClassName}>{t("nav.signOut")}</span>
      </button>
    </Form>
  );
}
