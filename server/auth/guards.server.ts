import { redirect } from "react-router";
import { APPLICANT_ROLES, isStaff, type Role, STAFF_ROLES, USER_ADMIN_ROLES } from "~/domain/enums";
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  localizePath,
  splitLanguage,
} from "~/domain/languages";
import { oncePerRequest } from "~/server/request-scope.server";
import {
  type DueFee,
  feeAccessFor,
  type FeeAccess,
  NO_FEE_ACCESS,
  readPremiumFacts,
} from "~/server/fees/fee-policies.server";
import { auth } from "./auth.server";
import { readSession, type SessionRow } from "./session-reader.server";

export type Viewer = {
  id: string;
  email: string;
  fullName: string;
  role: Role;
  registrationFeePaid: boolean;
  /**
   * Whether premium jobs are open to them: paid, or under a fee policy that charges nothing up
   * front with their registration complete (server/fees, decision record 33).
   */
  premiumUnlocked: boolean;
  /** Whether their fee policy asks a fee up front (the screens that name the fee read it). */
  feeDue: boolean;
  /** That fee (their policy's amount, or the site's registration fee), null when none is due. */
  dueFee: DueFee;
  /**
   * Destinations whose premium jobs ask no fee of them though their office's policy does (an
   * override), and of those the ones open now (registration complete): domain/jobs.ts
   * premiumAccess reads them.
   */
  noFeeDestinations: string[];
  openDestinations: string[];
  country: string | null;
  phoneNumber: string | null;
  whatsappNumber: string | null;
  /** The language saved on their profile (the switcher's last choice). */
  preferredLanguage: Language;
  sessionId: string;
  /**
   * Read with the session when the hot path read it (server/auth/session-reader.server.ts): what
   * officeScopeFor and the consent check would otherwise each ask the database for again.
   */
  offices?: { office: string | null; extraOffices: string[] };
  acceptedPolicies?: [policy: string, version: string][];
};

// Several loaders of one request ask for the viewer (each with its own copy of the Request);
// a page request reads the session once. Keyed by the cookie, so a request can never be answered
// with another person's session.
export function getViewer(request: Request): Promise<Viewer | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return Promise.resolve(null);
  return oncePerRequest(`viewer:${cookie}`, () => readViewer(request));
}

async function readViewer(request: Request): Promise<Viewer | null> {
  const cookie = request.headers.get("cookie");
  if (!cookie) return null;
  // The hot path reads the session itself; better-auth answers whenever it would write. In the
  // areas whose layouts check consent, the accepted texts come with it.
  const path = new URL(request.url).pathname;
  const read = await readSession(cookie, {
    withPolicies: /^\/(dashboard|admin)(\/|\.data|$)/.test(path),
  });
  if (read === null) return null;
  if (read !== "ask-better-auth") {
    const { session: s } = read;
    return {
      ...toViewer(s, s.sessionId),
      ...(await feeAccessFor(s)),
      offices: { office: s.office, extraOffices: s.extraOffices },
      acceptedPolicies: s.acceptedPolicies,
    };
  }
  const result = await auth().api.getSession({ headers: request.headers });
  if (!result) return null;
  const u = result.user as typeof result.user & Record<string, unknown>;
  const facts = await readPremiumFacts(u.id);
  const viewer = toViewer(
    {
      id: u.id,
      email: u.email,
      fullName: u.name,
      role: u.role as string,
      registrationFeePaid: u.registrationFeePaid as boolean,
      country: u.country as string | null,
      phoneNumber: u.phoneNumber as string | null,
      whatsappNumber: u.whatsappNumber as string | null,
      preferredLanguage: u.preferredLanguage as string,
    },
    result.session.id,
  );
  const access = facts ? await feeAccessFor(facts) : NO_FEE_ACCESS;
  return { ...viewer, ...access };
}

function toViewer(
  u: Omit<
    SessionRow,
    "sessionId" | "expiresAt" | "office" | "extraOffices" | "acceptedPolicies" | "hasCv"
  > & { role: string | null | undefined },
  sessionId: string,
): Omit<Viewer, keyof FeeAccess> {
  return {
    id: u.id,
    email: u.email,
    fullName: u.fullName,
    role: (u.role as Role) ?? "job_seeker",
    registrationFeePaid: Boolean(u.registrationFeePaid),
    country: u.country ?? null,
    phoneNumber: u.phoneNumber ?? null,
    whatsappNumber: u.whatsappNumber ?? null,
    preferredLanguage: isLanguage(u.preferredLanguage) ? u.preferredLanguage : DEFAULT_LANGUAGE,
    sessionId,
  };
}

/** To sign-in and back, on the sign-in page in the language of the page asked for (/fr/… → /fr/auth). */
function signInRedirect(request: Request) {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  const lng = splitLanguage(url.pathname).lng ?? DEFAULT_LANGUAGE;
  return redirect(localizePath(`/auth?redirectTo=${encodeURIComponent(back)}`, lng));
}

/** Any signed-in user; a visitor is sent to /auth and brought back afterwards. */
export async function requireUser(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw signInRedirect(request);
  return viewer;
}

/** A signed-in user whose role is listed; anyone else signed in is sent to /dashboard. */
export async function requireRole(request: Request, roles: readonly Role[]): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (!roles.includes(viewer.role)) throw redirect("/dashboard");
  return viewer;
}

export const requireStaff = (request: Request) => requireRole(request, STAFF_ROLES);
export const requireUserAdmin = (request: Request) => requireRole(request, USER_ADMIN_ROLES);
/**
 * Applicant areas (documents, payment, applications): staff are sent to the admin panel, an agent
 * to their applicants (an agent is nobody's applicant).
 */
export async function requireApplicant(request: Request): Promise<Viewer> {
  const viewer = await requireUser(request);
  if (isStaff(viewer.role)) throw redirect("/admin");
  if (viewer.role === "agent") throw redirect("/agent");
  return viewer;
}

/** The agent area: agents only; anyone else signed in is sent to /dashboard. */
export const requireAgent = (request: Request) => requireRole(request, ["agent"]);

/** For data endpoints (files, JSON): a status code instead of a redirect. */
export async function requireUserForApi(request: Request): Promise<Viewer> {
  const viewer = await getViewer(request);
  if (!viewer) throw new Response("Sign in required", { status: 401 });
  return viewer;
}

export async function requireRoleForApi(request: Request, roles: readonly Role[]) {
  const viewer = await requireUserForApi(request);
  if (!roles.includes(viewer.role)) throw new Response("Forbidden", { status: 403 });
  return viewer;
}

/** For data endpoints: a Response thrown by a guard above becomes the answer; anything else is a real error. */
export async function guarded(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

export { APPLICANT_ROLES, STAFF_ROLES, USER_ADMIN_ROLES };
