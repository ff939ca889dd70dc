import { ClipboardListIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "~/app/components/titled-card";
import { Badge } from "~/app/components/ui/badge";
import { CHECKLIST_STATE_TONE, type ChecklistLine } from "~/domain/checklists";
import { inLanguage, type Localized } from "~/domain/document-types";
import { useFormatters } from "./documents-formatters";

// Each application's own checklist on the applicant's documents page: what its destination and
// path ask for, and where each item stands. One document serves every application needing it.

export type ChecklistView = {
  applicationId: string;
  title: string;
  destinationName: string | null;
  lines: ChecklistLine[];
};

export function Checklists({
  checklists,
  names,
}: {
  checklists: ChecklistView[];
  names: Record<string, Localized>;
}) {
  const { t, i18n } = useTranslation("documents");
  const fmt = useFormatters();
  if (checklists.length === 0) return null;
  const name = (type: string) => (names[type] ? inLanguage(names[type], i18n.language) : type);
  return (
    <section aria-labelledby="checklists-title" className="grid gap-3">
      <h2 id="checklists-title" className="text-lg font-semibold text-slate-900">
        {t("checklist.title")}
      </h2>
      <p className="text-sm text-slate-700">{t("checklist.intro")}</p>
      <ul className="grid gap-4 lg:grid-cols-2">
        {checklists.map((c) => (
          <li key={c.applicationId}>
            <TitledCard
              icon={<ClipboardListIcon className="size-5 text-primary-700" aria-hidden />}
              title={c.title}
              description={c.destinationName ?? undefined}
              titleSize="base"
              className="h-full"
              data-testid="application-checklist"
            >
              <ul className="grid gap-2 text-sm">
                {c.lines.map((line) => (
                  <li
                    key={line.documentType}
                    className="flex flex-wrap items-center justify-between gap-2"
                    data-testid={`checklist-${line.documentType}`}
                  >
                    <span className="min-w-0">
                      <a
                        href={`#doc-${line.documentType}-title`}
                        className="font-medium text-primary-700 underline-offset-4 hover:underline"
                      >
                        {name(line.documentType)}
                      </a>
                      <span className="text-slate-600">
                        {" · "}
                        {line.mandatory ? t("checklist.mandatory") : t("checklist.optional")}
                        {line.validUntil && line.state !== "expired"
                          ? ` · ${t("checklist.until", { date: fmt.day(line.validUntil) })}`
                          : ""}
                      </span>
                    </span>
                    <Badge tone={CHECKLIST_STATE_TONE[line.state]} className="shrink-0">
                      {t(`checklist.state.${line.state}`)}
                    </Badge>
                  </li>
                ))}
              </ul>
            </TitledCard>
          </li>
        ))}
      </ul>
    </section>
  );
}
