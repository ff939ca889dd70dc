// What a job alert is for, in words: "Healthcare jobs in Canada matching
// “nurse”", in the reader's language, for an alert's suggested name, the alerts page and the
// e-mails. No Zod and no country table here: the caller names countries (Intl on the server).

export type AlertSearch = {
  q?: string | null;
  country?: string | null;
  sector?: string | null;
  type?: string | null;
};

type Translate = (key: string, values?: Record<string, unknown>) => string;

/**
 * The search in one phrase. `t` reads the jobs namespace's `alerts.describe.*` and the common
 * namespace's labels (keys given as `common:labels.…`); `countryName` names a country code.
 */
export function describeAlertSearch(
  search: AlertSearch,
  t: Translate,
  countryName: (code: string) => string,
): string {
  const sector = search.sector ? t(`common:labels.sector.${search.sector}`) : null;
  let text = sector ? t("alerts.describe.sector", { sector }) : t("alerts.describe.jobs");
  if (search.country) {
    text = t("alerts.describe.in", { what: text, country: countryName(search.country) });
  }
  if (search.type) {
    text = t("alerts.describe.type", {
      what: text,
      type: t(`common:labels.jobType.${search.type}`),
    });
  }
  if (search.q) text = t("alerts.describe.matching", { what: text, q: search.q });
  return text;
}
