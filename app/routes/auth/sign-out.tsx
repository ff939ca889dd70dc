import { redirect } from "react-router";
import { auth } from "~/server/auth/auth.server";
import type { Route } from "./+types/sign-out";

export async function action({ request }: Route.ActionArgs) {
  const headers = new Headers();
  try {
    const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) headers.append("set-cookie", cookie);
  } catch {
    // No session to end: the visitor is signed out already.
  }
  throw redirect("/", { headers });
}

export function loader() {
  throw redirect("/");
}
