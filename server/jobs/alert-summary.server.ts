import { type AlertSearch, describeAlertSearch } from "~/domain/job-alert-summary";
import { ALERT_NAME_MAX } from "~/domain/job-alerts";
import { countryNameOf } from "~/domain/recruitment-restrictions";
import { serverT } from "~/server/i18n/translate.server";

/** What an alert's search is for, in `lng` ("Healthcare jobs in Canada matching “nurse”"). */
export function alertSearchSummary(search: AlertSearch, lng: string): string {
  return describeAlertSearch(search, serverT(lng, "jobs"), (code) => countryNameOf(code, lng));
}

/** The name a new alert is offered: its search in words, within the name's limit. */
export function suggestedAlertName(search: AlertSearch, lng: string): string {
  const text = alertSearchSummary(search, lng);
  return text.length <= ALERT_NAME_MAX ? text : `${text.slice(0, ALERT_NAME_MAX - 1).trimEnd()}…`;
}
