import { createCookie } from "react-router";
import { localizePath } from "~/domain/languages";
import { safeRedirect } from "~/domain/safe-redirect";

// Where an applicant was going when the fee stopped them (a premium job, a program's Apply). The
// payment page is left for the provider's checkout and comes back by the provider's own return
// address, so the way back is kept in a cookie of the payment page rather than in its address.
const returnCookie = createCookie("pay_return", {
  // Not "/dashboard/payment": the page's data requests go to /dashboard/payment.data.
  path: "/dashboard",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 6,
});

/** The Set-Cookie header that keeps `?redirectTo=` (when it is a page of this site), or null. */
export async function keepReturnPath(url: URL): Promise<string | null> {
  const back = safeRedirect(url.searchParams.get("redirectTo"), "");
  return back ? returnCookie.serialize(back) : null;
}

/**
 * Where to go once paid, in the page's language: the kept page (checked again: a cookie is input
 * too), else the dashboard; with the Set-Cookie header that forgets it.
 */
export async function takeReturnPath(request: Request, lng: string) {
  const kept: unknown = await returnCookie.parse(request.headers.get("cookie"));
  const to = localizePath(safeRedirect(kept, "/dashboard"), lng);
  return { to, forget: await returnCookie.serialize("", { maxAge: 0 }) };
}
