import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/domain/enums";
import { createTestUser, sessionCookie, type TestUser } from "~/tests/integration/harness";
import { productionBuild, routeUrlPath, send, setupHostileApp, url } from "./app";

// The role × route matrix: every page, its `.data` response and every Hono endpoint,
// for every kind of visitor. The targets come from the production build's route table and the
// app's own endpoint list, so a new route without a rule here fails the first test.
const ctx = setupHostileApp();

type Viewer =
  | "visitor"
  | "seeker"
  | "paid"
  | "student"
  | "agent"
  | "manager"
  | "midrandManager"
  | "admin"
  | "super_admin";
const VIEWERS: Viewer[] = [
  "visitor",
  "seeker",
  "paid",
  "student",
  "agent",
  "manager",
  "midrandManager",
  "admin",
  "super_admin",
];
// midrandManager: a manager of one office only (the others' staff cover Harare and Midrand); what
// it may not read of Harare's real rows is tests/hostile/office-scope.test.ts.
const STAFF: Viewer[] = ["manager", "midrandManager", "admin", "super_admin"];
const USER_ADMINS: Viewer[] = ["admin", "super_admin"];

type Access =
  | "public"
  | "signedIn"
  | "staff"
  | "staffRecord"
  | "userAdmin"
  | "agent"
  | "agentRecord"
  | "redirect"
  | "signOut"
  | "layout";
/** The rules whose pages turn away (to sign-in or /dashboard) whoever they are not for. */
const GUARDED: Access[] = ["staff", "staffRecord", "userAdmin", "signedIn", "agent", "agentRecord"];

/** Who may see each route, by its id in app/routes.ts. First match wins. */
const RULES: [RegExp, Access][] = [
  [/^(root|routes\/public\/layout)$/, "layout"],
  [/^routes\/admin\/(users|settings|document-types|checklists)$/, "userAdmin"],
  // One record's page (an applicant's): staff only, and a record that is not theirs (or, as here,
  // not there) is not found.
  [/^routes\/admin\/applicant$/, "staffRecord"],
  [/^(routes\/admin\/|admin-index$)/, "staff"],
  // The agent area: agents only; an applicant who is not the agent's own (or not there) is not found.
  [/^routes\/agent\/applicant$/, "agentRecord"],
  [/^routes\/agent\//, "agent"],
  [/^routes\/dashboard\//, "signedIn"],
  [/^redirect-/, "redirect"],
  [/^routes\/auth\/sign-out/, "signOut"],
  [/^(routes\/public\/|routes\/jobs\/|routes\/auth\/|routes\/resources\/|legal-)/, "public"],
  // The language switcher: anyone may choose (a cookie, and a signed-in person's own profile).
  [/^routes\/language$/, "public"],
  // A job alert's one-click unsubscribe: its signed token is the permission, for anyone.
  [/^routes\/alerts-unsubscribe$/, "public"],
  // A receipt asks for a signed-in viewer and answers 404 to anyone but its payer and staff, as for
  // one that does not exist (tests/integration/receipts.test.ts): no other page is "not yours".
  [/^routes\/receipt$/, "public"],
];

/** Who may call each Hono endpoint ("METHOD path" as registered). */
const ENDPOINTS: Record<
  string,
  "public" | "signedIn" | "applicant" | "staff" | "userAdmin" | "own"
> = {
  "GET /healthz": "public",
  "GET /readyz": "public",
  "GET /metrics": "public", // open outside production; production asks for METRICS_TOKEN
  "GET /api/auth/*": "own",
  "POST /api/auth/*": "own",
  // Staff review documents, they do not upload them; an agent uploads on their applicant's page.
  "POST /api/documents": "applicant",
  "GET /files/documents/:id": "signedIn",
  // A certified copy of a verified document: staff who may download it (else 404, as a missing one).
  "POST /files/documents/:id/certified-copy": "staff",
  "GET /files/exports/:id": "signedIn", // the owner's own archive; anyone else: 404
  "POST /webhooks/paystack": "own",
  "POST /webhooks/paynow": "own",
  "POST /webhooks/inbound-mail": "own", // the provider's shared secret; off unless configured
  // WhatsApp's posts are signed with the app secret, its subscription check answers only its
  // token; SMS reports come to a secret address. All off (404) unless configured (DR 54).
  "GET /webhooks/whatsapp": "own",
  "POST /webhooks/whatsapp": "own",
  "POST /webhooks/sms/:secret/:kind": "own",
  "GET /exports/applications.csv": "staff",
  "GET /exports/users.csv": "userAdmin",
  "GET /exports/payments.csv": "staff",
  "GET /media/posts/:name": "public",
};

const SAMPLE = {
  ":slug": "no-such-thing",
  ":id": "00000000-0000-0000-0000-000000000000",
  ":name": "00000000-0000-0000-0000-000000000000.png",
  "*": "no-such-page",
};
const fill = (path: string) =>
  path.replace(/:slug|:id|:name|\*/g, (p) => SAMPLE[p as keyof typeof SAMPLE]);

type Target = { id: string; path: string; access: Access; action: boolean; index: boolean };
let targets: Target[] = [];
const cookies = {} as Record<Viewer, string | null>;

beforeAll(async () => {
  const build = await productionBuild();
  targets = Object.values(build.routes).map((r) => ({
    id: r!.id,
    path: routeUrlPath(build, r!.id),
    access: RULES.find(([re]) => re.test(r!.id))?.[1] ?? ("unknown" as Access),
    action: typeof r!.module.action === "function",
    index: Boolean(r!.index),
  }));
  const roles: Record<
    Exclude<Viewer, "visitor">,
    { role: Role; paid?: boolean; office?: string }
  > = {
    seeker: { role: "job_seeker" },
    paid: { role: "job_seeker", paid: true },
    student: { role: "student_applicant" },
    agent: { role: "agent" },
    manager: { role: "manager" },
    midrandManager: { role: "manager", office: "Midrand" },
    admin: { role: "admin" },
    super_admin: { role: "super_admin" },
  };
  cookies.visitor = null;
  for (const [viewer, options] of Object.entries(roles)) {
    const user: TestUser = await createTestUser(options);
    cookies[viewer as Viewer] = await sessionCookie(user);
  }
});

function as(viewer: Viewer, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  if (cookies[viewer]) headers.set("cookie", cookies[viewer]!);
  return send(ctx.app, new Request(url(path), { ...init, headers }));
}

function allowed(access: Access | "own" | "applicant", viewer: Viewer) {
  if (access === "applicant")
    return viewer !== "visitor" && viewer !== "agent" && !STAFF.includes(viewer);
  if (access === "agent" || access === "agentRecord") return viewer === "agent";
  if (access === "staff" || access === "staffRecord") return STAFF.includes(viewer);
  if (access === "userAdmin") return USER_ADMINS.includes(viewer);
  if (access === "signedIn") return viewer !== "visitor";
  return true;
}

describe("role × route matrix", () => {
  it("has an access rule for every route and every endpoint", () => {
    expect(targets.length).toBeGreaterThan(40);
    expect(targets.filter((t) => (t.access as string) === "unknown").map((t) => t.id)).toEqual([]);
    const endpoints = ctx.app.routes
      .filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`);
    expect([...new Set(endpoints)].sort()).toEqual(Object.keys(ENDPOINTS).sort());
  });

  it.each(VIEWERS)("pages answer the %s as the rules say, and never fail", async (viewer) => {
    const wrong: unknown[] = [];
    for (const t of targets.filter((t) => t.access !== "layout")) {
      const path = fill(t.path);
      const response = await as(viewer, path, { redirect: "manual" });
      const status = response.status;
      const location = response.headers.get("location") ?? "";
      await response.body?.cancel();
      let ok = status < 500;
      if (GUARDED.includes(t.access)) {
        if (viewer === "visitor") ok &&= status === 302 && location.startsWith("/auth");
        else if (!allowed(t.access, viewer)) ok &&= status === 302 && location === "/dashboard";
        else if (t.access === "staffRecord" || t.access === "agentRecord") ok &&= status === 404;
        else ok &&= status === 200 || (status === 302 && !location.startsWith("/auth"));
      } else if (t.access === "redirect") {
        ok &&= [301, 302, 308].includes(status) && location.startsWith("/dashboard");
      } else if (t.access === "public") {
        ok &&= status !== 401 && status !== 403;
      }
      if (!ok) wrong.push({ id: t.id, path, viewer, status, location });
    }
    expect(wrong).toEqual([]);
  });

  it.each(VIEWERS)(
    ".data responses give the %s a redirect or the data the rules allow",
    async (viewer) => {
      const wrong: unknown[] = [];
      for (const t of targets.filter((t) => GUARDED.includes(t.access))) {
        const path = t.path === "/" ? "/_root.data" : `${fill(t.path).replace(/\/$/, "")}.data`;
        const response = await as(viewer, path);
        const body = await response.text();
        let ok = response.status < 500;
        if (!allowed(t.access, viewer)) {
          const target = viewer === "visitor" ? "/auth" : "/dashboard";
          ok &&= response.status === 202 && body.includes(`"redirect","${target}`);
        } else if (t.access === "staffRecord" || t.access === "agentRecord") {
          ok &&= response.status === 404;
        } else {
          ok &&= response.status === 200 || response.status === 202;
        }
        if (!ok) wrong.push({ id: t.id, path, viewer, status: response.status });
      }
      expect(wrong).toEqual([]);
    },
  );

  it("actions send viewers who may not use them to sign-in or to their dashboard", async () => {
    const wrong: unknown[] = [];
    for (const t of targets.filter((t) => t.action && GUARDED.includes(t.access))) {
      for (const viewer of VIEWERS) {
        if (allowed(t.access, viewer)) continue;
        // A form on an index route posts to `?index` (without it the post goes to the layout).
        const query = t.index ? "?index" : "";
        for (const path of [`${fill(t.path)}${query}`, `${fill(t.path)}.data${query}`]) {
          const response = await as(viewer, path, {
            method: "POST",
            redirect: "manual",
            headers: { "content-type": "application/x-www-form-urlencoded" },
            body: new URLSearchParams({ intent: "delete", id: SAMPLE[":id"] }).toString(),
          });
          const location = response.headers.get("location") ?? (await response.text());
          const ok =
            [302, 202].includes(response.status) &&
            location.includes(viewer === "visitor" ? "/auth" : "/dashboard");
          if (!ok) wrong.push({ id: t.id, path, viewer, status: response.status });
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it("endpoints answer each viewer as the rules say, and never fail", async () => {
    const wrong: unknown[] = [];
    for (const [key, access] of Object.entries(ENDPOINTS)) {
      if (access === "own") continue;
      const [method, raw] = key.split(" ") as [string, string];
      const path = fill(raw);
      for (const viewer of VIEWERS) {
        const response = await as(viewer, path, {
          method,
          headers: method === "POST" ? { "content-type": "application/json" } : {},
          body: method === "POST" ? JSON.stringify({ decision: "verify" }) : undefined,
        });
        await response.body?.cancel();
        let ok = response.status < 500;
        if (!allowed(access, viewer)) {
          ok &&= viewer === "visitor" ? response.status === 401 : response.status === 403;
        } else if (access !== "public") {
          ok &&= response.status !== 401 && response.status !== 403;
        }
        if (!ok) wrong.push({ key, viewer, status: response.status });
      }
    }
    expect(wrong).toEqual([]);
  });
});
