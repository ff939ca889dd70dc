import admin from "~/app/locales/en/admin.json";
import auth from "~/app/locales/en/auth.json";
import cms from "~/app/locales/en/cms.json";
import common from "~/app/locales/en/common.json";
import content from "~/app/locales/en/content.json";
import dashboard from "~/app/locales/en/dashboard.json";
import documents from "~/app/locales/en/documents.json";
import inquiries from "~/app/locales/en/inquiries.json";
import jobs from "~/app/locales/en/jobs.json";
import messages from "~/app/locales/en/messages.json";
import monitoring from "~/app/locales/en/monitoring.json";
import outsourcing from "~/app/locales/en/outsourcing.json";
import payment from "~/app/locales/en/payment.json";
import settings from "~/app/locales/en/settings.json";

// Every user-facing string lives in app/locales/<language>/<namespace>.json. To add a language,
// add its folder and list it here; components do not change.
export const resources = {
  en: {
    common,
    auth,
    jobs,
    dashboard,
    documents,
    payment,
    admin,
    messages,
    inquiries,
    outsourcing,
    content,
    cms,
    monitoring,
    settings,
  },
};

export const supportedLanguages = Object.keys(resources);
export const fallbackLanguage = "en";
export const defaultNS = "common";

export const i18nOptions = {
  supportedLngs: supportedLanguages,
  fallbackLng: fallbackLanguage,
  defaultNS,
  ns: Object.keys(resources.en),
  resources,
  interpolation: { escapeValue: false },
  returnNull: false,
} as const;
