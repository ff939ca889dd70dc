import { redirect } from "react-router";
import { auth } from "~/server/auth/auth.server";
import type { Route } from "./+types/sign-out";
import { forwardCookies } from "./auth.server";
import { chosenLanguage } from "~/app/i18n/i18n.server";
import { localizePath } from "~/domain/languages";

export async function action({ request }: Route.ActionArgs) {
  let headers = new Headers();
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    headers = forwardCookies(response);
  } catch {
    // No session to end: the visitor is signed out already.
  }
  throw redirect(localizePath("/", (await chosenLanguage(request)) ?? "en"), { headers });
}

export async function loader({ request }: Route.LoaderArgs) {
  throw redirect(localizePath("/", (await chosenLanguage(request)) ?? "en"));
}
