import { LogOutIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { cn } from "~/app/lib/utils";

export function SignOutForm({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <Form method="post" action="/auth/sign-out" className="contents">
      <button type="submit" className={className}>
        <LogOutIcon className={cn("size-4")} aria-hidden />
        {t("nav.signOut")}
      </button>
    </Form>
  );
}
