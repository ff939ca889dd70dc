import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/app/routes";
import * as activity from "~/app/routes/admin/activity";
import * as applications from "~/app/routes/admin/applications";
import * as cms from "~/app/routes/admin/cms";
import * as dashboard from "~/app/routes/admin/dashboard";
import * as inquiries from "~/app/routes/admin/inquiries";
import * as interviews from "~/app/routes/admin/interviews";
import * as jobs from "~/app/routes/admin/jobs";
import * as layout from "~/app/routes/admin/layout";
import * as messages from "~/app/routes/admin/messages";
import * as monitoring from "~/app/routes/admin/monitoring";
import * as payments from "~/app/routes/admin/payments";
import * as pipeline from "~/app/routes/admin/pipeline";
import * as programs from "~/app/routes/admin/programs";
import * as settings from "~/app/routes/admin/settings";
import * as users from "~/app/routes/admin/users";
import * as views from "~/app/routes/admin/views";
import { ROLES, type Role } from "~/domain/enums";
import { auditLog, jobs as jobsTable, profiles } from "~/server/db/schema";
import { setPaymentProvider } from "~/server/payments/provider.server";
import { SimulatedPaymentProvider } from "~/server/payments/simulated.server";
import {
  createTestUser,
  requestAs,
  runAs,
  runRoute,
  setupTestDatabase,
  type TestUser,
} from "./harness";

const ctx = setupTestDatabase();

type Viewer = "visitor" | Role;
type Access = "staff" | "userAdmin";
type RouteModule = { loader?: unknown; action?: unknown };

// THE MATRIX. One row per admin route of the route table, by its id: who may use its loader and
// action. staff = manager, admin, super_admin; userAdmin = admin, super_admin.
// `actionAccess`: when the action is narrower than the page (staff read payments; only user
// administrators record refunds).
const ROUTES: Record<
  string,
  { module: RouteModule; path: string; access: Access; actionAccess?: Access }
> = {
  "routes/admin/layout": { module: layout, path: "/admin", access: "staff" },
  "admin-index": { module: dashboard, path: "/admin", access: "staff" },
  "routes/admin/dashboard": { module: dashboard, path: "/admin/dashboard", access: "staff" },
  "routes/admin/users": { module: users, path: "/admin/users", access: "userAdmin" },
  "routes/admin/jobs": { module: jobs, path: "/admin/jobs", access: "staff" },
  "routes/admin/programs": { module: programs, path: "/admin/programs", access: "staff" },
  "routes/admin/applications": {
    module: applications,
    path: "/admin/applications",
    access: "staff",
  },
  "routes/admin/pipeline": { module: pipeline, path: "/admin/pipeline", access: "staff" },
  "routes/admin/interviews": { module: interviews, path: "/admin/interviews", access: "staff" },
  "routes/admin/activity": { module: activity, path: "/admin/activity", access: "staff" },
  "routes/admin/messages": { module: messages, path: "/admin/messages", access: "staff" },
  "routes/admin/inquiries": { module: inquiries, path: "/admin/inquiries", access: "staff" },
  "routes/admin/outsourcing": { module: inquiries, path: "/admin/outsourcing", access: "staff" },
  "routes/admin/monitoring": { module: monitoring, path: "/admin/monitoring", access: "staff" },
  "routes/admin/cms": { module: cms, path: "/admin/cms", access: "staff" },
  "routes/admin/settings": { module: settings, path: "/admin/settings", access: "userAdmin" },
  "routes/admin/views": { module: views, path: "/admin/views", access: "staff" },
  "routes/admin/payments": {
    module: payments,
    path: "/admin/payments",
    access: "staff",
    actionAccess: "userAdmin",
  },
};

const VIEWERS: Viewer[] = ["visitor", ...ROLES];

type Expected = "auth" | "dashboard" | "allowed";

function expected(access: Access, viewer: Viewer): Expected {
  if (viewer === "visitor") return "auth";
  const allowed: Role[] =
    access === "userAdmin" ? ["admin", "super_admin"] : ["manager", "admin", "super_admin"];
  return allowed.includes(viewer) ? "allowed" : "dashboard";
}

const people = {} as Record<Role, TestUser>;
beforeAll(async () => {
  // The settings and payments screens list the providers this server offers.
  setPaymentProvider(new SimulatedPaymentProvider(0));
  for (const v of VIEWERS) if (v !== "visitor") people[v] = await createTestUser({ role: v });
});

function asUser(viewer: Viewer) {
  return viewer === "visitor" ? null : people[viewer];
}

/**
 * What happened, as the guard sees it. For actions (`lenient`), an error thrown after the guard
 * by a nonsense form still means the guard let the request in; loaders must simply work.
 */
async function attempt(fn: unknown, request: Request, lenient = false): Promise<Expected> {
  try {
    const outcome = await runRoute(fn, request);
    if (outcome.status === 302 && outcome.location?.startsWith("/auth")) return "auth";
    if (outcome.status === 302 && outcome.location === "/dashboard") return "dashboard";
    return "allowed";
  } catch (error) {
    if (lenient) return "allowed";
    throw error;
  }
}

async function snapshot() {
  const [a] = await ctx.db.select({ n: count() }).from(auditLog);
  const [j] = await ctx.db.select({ n: count() }).from(jobsTable);
  const [p] = await ctx.db.select({ n: count() }).from(profiles);
  return { audit: a!.n, jobs: j!.n, profiles: p!.n };
}

describe("admin authorization matrix", () => {
  it("has a row for every admin route of the route table", () => {
    // A route's id is its file without the extension unless the table names one (one module may
    // serve two routes); a screen's dialogs and parts sit beside it in app/routes/admin.
    type Entry = { id?: string; file: string; children?: Entry[] };
    const ids = (entries: Entry[]): string[] =>
      entries.flatMap((e) => [
        ...(e.file.startsWith("routes/admin/") ? [e.id ?? e.file.replace(/\.tsx?$/, "")] : []),
        ...ids(e.children ?? []),
      ]);
    expect(ids(routes as Entry[]).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  for (const [file, row] of Object.entries(ROUTES)) {
    it(`${file}: loader answers each role as the matrix says`, async () => {
      expect(typeof row.module.loader, `${file} must export a loader`).toBe("function");
      for (const viewer of VIEWERS) {
        const outcome = await attempt(row.module.loader, await requestAs(asUser(viewer), row.path));
        expect({ viewer, outcome }).toEqual({ viewer, outcome: expected(row.access, viewer) });
      }
    });

    // Only modules with an action get this test: one that returned early for the others passed
    // without checking anything.
    if (typeof row.module.action !== "function") continue;
    it(`${file}: action turns away non-staff before anything changes`, async () => {
      expect.hasAssertions();
      for (const viewer of VIEWERS) {
        const want = expected(row.actionAccess ?? row.access, viewer);
        if (want === "allowed") continue;
        const before = await snapshot();
        const request = await requestAs(asUser(viewer), row.path, {
          form: { intent: "delete", jobId: "00000000-0000-0000-0000-000000000000" },
        });
        const outcome = await attempt(row.module.action, request, true);
        expect({ viewer, outcome }).toEqual({ viewer, outcome: want });
        expect(await snapshot()).toEqual(before);
      }
    });
  }

  it("admin actions let staff through the guard", async () => {
    for (const [file, row] of Object.entries(ROUTES)) {
      if (typeof row.module.action !== "function") continue;
      for (const viewer of ["manager", "admin", "super_admin"] as const) {
        if (expected(row.actionAccess ?? row.access, viewer) !== "allowed") continue;
        const request = await requestAs(people[viewer], row.path, { form: { intent: "none" } });
        const outcome = await attempt(row.module.action, request, true);
        expect({ file, viewer, outcome }).toEqual({ file, viewer, outcome: "allowed" });
      }
    }
  });

  it("never sends staff-only data to an applicant", async () => {
    const outcome = await runAs(people.job_seeker, applications.loader, "/admin/applications");
    expect(outcome.data).toBeFalsy();
    expect(outcome.location).toBe("/dashboard");
  });
});
