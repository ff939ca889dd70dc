import "i18next";
// Types only: the English files are the reference every other language follows.
import type admin from "~/app/locales/en/admin.json";
import type agent from "~/app/locales/en/agent.json";
import type auth from "~/app/locales/en/auth.json";
import type cms from "~/app/locales/en/cms.json";
import type common from "~/app/locales/en/common.json";
import type content from "~/app/locales/en/content.json";
import type dashboard from "~/app/locales/en/dashboard.json";
import type documents from "~/app/locales/en/documents.json";
import type inbox from "~/app/locales/en/inbox.json";
import type inquiries from "~/app/locales/en/inquiries.json";
import type jobs from "~/app/locales/en/jobs.json";
import type messages from "~/app/locales/en/messages.json";
import type monitoring from "~/app/locales/en/monitoring.json";
import type outsourcing from "~/app/locales/en/outsourcing.json";
import type payment from "~/app/locales/en/payment.json";
import type settings from "~/app/locales/en/settings.json";
import type study from "~/app/locales/en/study.json";
import type trust from "~/app/locales/en/trust.json";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: {
      admin: typeof admin;
      agent: typeof agent;
      auth: typeof auth;
      cms: typeof cms;
      common: typeof common;
      content: typeof content;
      dashboard: typeof dashboard;
      documents: typeof documents;
      inbox: typeof inbox;
      inquiries: typeof inquiries;
      jobs: typeof jobs;
      messages: typeof messages;
      monitoring: typeof monitoring;
      outsourcing: typeof outsourcing;
      payment: typeof payment;
      settings: typeof settings;
      study: typeof study;
      trust: typeof trust;
    };
    enableSelector: false;
  }
}
