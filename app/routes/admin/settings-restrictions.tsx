import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { type ActionFlash, DoneFlash, Flash } from "~/app/components/flash";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Card } from "~/app/components/ui/card";
import { FormErrors, FormInput, FormSelect, FormTextarea } from "~/app/components/ui/field";
import type { resultFor } from "~/app/lib/action-result";
import { SECTORS } from "~/domain/enums";
import { countryNameOf, type RecruitmentRestriction } from "~/domain/recruitment-restrictions";

// Ethical-recruitment restrictions (decision record 35 part 2), beside the fee
// policies: each in plain words, edited one at a time (?restriction=<id>), added with the form
// under the list, deleted with its own small form; every change audited by the service.

/** The ?done= keys of this section, keys of the settings namespace. */
export const RESTRICTIONS_DONE = {
  restrictionSaved: "restrictions.saved",
  restrictionDeleted: "restrictions.deleted",
};

export function RecruitmentRestrictionsSection({
  restrictions,
  editing,
  lastResult,
  flash,
}: {
  restrictions: RecruitmentRestriction[];
  /** The restriction whose form is open (?restriction=<id>), or null: the form adds one. */
  editing: RecruitmentRestriction | null;
  lastResult: ReturnType<typeof resultFor>;
  flash: ActionFlash | null | undefined;
}) {
  const { t, i18n } = useTranslation("settings");
  const lng = i18n.language;
  const where = (r: Pick<RecruitmentRestriction, "destination" | "sector" | "residence">) =>
    t("restrictions.plain", {
      destination: r.destination ? countryNameOf(r.destination, lng) : t("restrictions.anyCountry"),
      sector: r.sector
        ? t(`labels.sector.${r.sector}`, { ns: "common" })
        : t("restrictions.anySector"),
      residence: countryNameOf(r.residence, lng),
    });
  return (
    <Card className="grid gap-4 p-5" data-testid="recruitment-restrictions" id="restrictions">
      <div className="grid gap-1">
        <h2 className="text-lg font-semibold text-slate-900">{t("restrictions.title")}</h2>
        <p className="text-sm text-slate-600">{t("restrictions.description")}</p>
      </div>
      {flash ? <Flash flash={flash} ns="settings" /> : null}
      <DoneFlash ns="settings" messages={RESTRICTIONS_DONE} />
      {restrictions.length === 0 ? (
        <p className="text-sm text-slate-700">{t("restrictions.empty")}</p>
      ) : (
        <ul className="grid max-h-96 gap-1 overflow-y-auto rounded-lg border border-slate-200 p-2 text-sm text-slate-800">
          {restrictions.map((r) => (
            <li
              key={r.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded px-2 py-1 odd:bg-slate-50"
              data-testid="restriction-row"
            >
              <span>{where(r)}</span>
              <div className="flex gap-1">
                <Link
                  to={`?restriction=${r.id}#restriction-form`}
                  className={buttonVariants({ variant: "ghost", size: "sm" })}
                  aria-label={t("restrictions.editFor", { what: where(r) })}
                >
                  {t("restrictions.edit")}
                </Link>
                <Form method="post">
                  <input type="hidden" name="intent" value="restriction-delete" />
                  <input type="hidden" name="id" value={r.id} />
                  {r.version ? <input type="hidden" name="version" value={r.version} /> : null}
                  <Button
                    type="submit"
                    variant="ghost"
                    size="sm"
                    aria-label={t("restrictions.deleteFor", { what: where(r) })}
                  >
                    {t("restrictions.delete")}
                  </Button>
                </Form>
              </div>
            </li>
          ))}
        </ul>
      )}
      <RestrictionForm key={editing?.id ?? "new"} restriction={editing} lastResult={lastResult} />
    </Card>
  );
}

function RestrictionForm({
  restriction,
  lastResult,
}: {
  restriction: RecruitmentRestriction | null;
  lastResult: ReturnType<typeof resultFor>;
}) {
  const { t } = useTranslation("settings");
  const [form, fields] = useForm({
    id: `restriction-${restriction?.id ?? "new"}`,
    lastResult,
    shouldValidate: "onSubmit",
    defaultValue: restriction
      ? {
          destination: restriction.destination,
          sector: restriction.sector ?? "",
          residence: restriction.residence,
          explanation: restriction.explanation,
          explanationFr: restriction.explanationFr,
          explanationPt: restriction.explanationPt,
        }
      : {
          destination: "",
          sector: "",
          residence: "",
          explanation: "",
          explanationFr: "",
          explanationPt: "",
        },
  });
  return (
    // The anchor the Edit links jump to sits on a wrapper: the form keeps Conform's id, which
    // its fields name (form="…").
    <div id="restriction-form">
      <Form method="post" {...getFormProps(form)}>
        <fieldset className="grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
          <legend className="px-1 text-sm font-semibold text-slate-800">
            {restriction ? t("restrictions.editLegend") : t("restrictions.newLegend")}
          </legend>
          <input type="hidden" name="intent" value="restriction" />
          {restriction ? <input type="hidden" name="id" value={restriction.id} /> : null}
          {/* The version it was opened on: a save over a newer one is refused (record 37). */}
          {restriction?.version ? (
            <input type="hidden" name="version" value={restriction.version} />
          ) : null}
          <FormErrors errors={form.errors} ns="settings" />
          <FormInput
            field={fields.destination}
            ns="settings"
            label={t("restrictions.fields.destination")}
            hint={t("restrictions.fields.destinationHint")}
            autoComplete="off"
            maxLength={2}
          />
          <FormSelect field={fields.sector} ns="settings" label={t("restrictions.fields.sector")}>
            <option value="">{t("restrictions.anySector")}</option>
            {SECTORS.map((s) => (
              <option key={s} value={s}>
                {t(`labels.sector.${s}`, { ns: "common" })}
              </option>
            ))}
          </FormSelect>
          <FormInput
            field={fields.residence}
            ns="settings"
            label={t("restrictions.fields.residence")}
            hint={t("restrictions.fields.residenceHint")}
            autoComplete="off"
            maxLength={2}
          />
          <div className="sm:col-span-2">
            <FormTextarea
              field={fields.explanation}
              ns="settings"
              label={t("restrictions.fields.explanation")}
              hint={t("restrictions.fields.explanationHint")}
              rows={4}
            />
          </div>
          {/* The same words for a French or Portuguese reader; left empty, they read English. */}
          {(["explanationFr", "explanationPt"] as const).map((name) => (
            <div key={name} className="sm:col-span-2">
              <FormTextarea
                field={fields[name]}
                ns="settings"
                label={t(`restrictions.fields.${name}`)}
                hint={t("restrictions.fields.translationHint")}
                rows={3}
              />
            </div>
          ))}
          <div className="flex flex-wrap gap-2 sm:col-span-2">
            <Button type="submit" variant="outline">
              {restriction ? t("restrictions.save") : t("restrictions.add")}
            </Button>
            {restriction ? (
              <Link to="?#restrictions" className={buttonVariants({ variant: "ghost" })}>
                {t("restrictions.cancel")}
              </Link>
            ) : null}
          </div>
        </fieldset>
      </Form>
    </div>
  );
}
