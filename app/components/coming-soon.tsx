import { ConstructionIcon } from "lucide-react";
import { useTranslation } from "react-i18next";

/** An honest placeholder for an area that a later piece of work fills in. */
export function ComingSoon() {
  const { t } = useTranslation();
  return (
    <div className="grid justify-items-center gap-2 rounded-xl border border-dashed border-slate-300 p-10 text-center">
      <ConstructionIcon className="size-8 text-slate-500" aria-hidden />
      <h2 className="text-lg font-semibold">{t("comingSoon.title")}</h2>
      <p className="max-w-md text-sm text-slate-600">{t("comingSoon.body")}</p>
    </div>
  );
}
