import { redirect } from "react-router";
import { auth } from "~/server/auth/auth.server";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/sign-out-everywhere";
import { forwardCookies } from "./auth.server";

/** Ends every session of the signed-in user (lost phone, shared computer), this one included. */
export async function action({ request }: Route.ActionArgs) {
  await requireUser(request);
  await auth().api.revokeSessions({ headers: request.headers });
  const response = await auth().api.signOut({ headers: request.headers, asResponse: true });
  throw redirect("/auth?done=signedOutEverywhere", { headers: forwardCookies(response) });
}

export function loader() {
  throw redirect("/dashboard/profile");
}
