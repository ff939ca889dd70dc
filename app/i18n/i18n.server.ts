import { createCookie } from "react-router";
import { RemixI18Next } from "remix-i18next/server";
import { fallbackLanguage, i18nOptions, supportedLanguages } from "./config";

export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

// The language of a request: the `lng` cookie, then Accept-Language, then English.
export const i18nServer = new RemixI18Next({
  detection: {
    supportedLanguages,
    fallbackLanguage,
    cookie: localeCookie,
    order: ["cookie", "header"],
  },
  i18next: i18nOptions,
});
