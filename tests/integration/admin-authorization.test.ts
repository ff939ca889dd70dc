import { count } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import routes from "~/app/routes";
import * as applications from "~/app/routes/admin/applications";
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
type Entry = { id?: string; file: string; path?: string; children?: Entry[] };

const MODULES = import.meta.glob<RouteModule>("../../app/routes/admin/*.tsx", { eager: true });

// THE MATRIX: who may use each admin route's loader and action. Every admin route of the route
// table is for staff (manager, admin, super_admin) but these, for user administrators (admin,
// super_admin) only: document types and checklists are admins' (decision records 40, 44).
const USER_ADMIN_ROUTES = [
  "routes/admin/users",
  "routes/admin/settings",
  "routes/admin/document-types",
  "routes/admin/checklists",
];
// Where the action is narrower than the page: staff read payments and refund to-dos; only user
// administrators record refunds.
const USER_ADMIN_ACTIONS = ["routes/admin/payments", "routes/admin/todos"];

/**
 * The admin routes of the route table. A route's id is its file without the extension unless the
 * table names one (one module may serve two routes); its address, its parents' paths and its own.
 */
function adminRoutes(entries: Entry[], parent = ""): { id: string; file: string; path: string }[] {
  return entries.flatMap((e) => {
    const path = e.path ? `${parent}/${e.path}` : parent;
    const id = e.id ?? e.file.replace(/\.tsx?$/, "");
    const own = e.file.startsWith("routes/admin/") ? [{ id, file: e.file, path }] : [];
    return [...own, ...adminRoutes(e.children ?? [], path)];
  });
}

const ROUTES = adminRoutes(routes as Entry[]).map((route) => ({
  ...route,
  module: MODULES[`../../app/${route.file}`]!,
  access: (USER_ADMIN_ROUTES.includes(route.id) ? "userAdmin" : "staff") as Access,
  actionAccess: USER_ADMIN_ACTIONS.includes(route.id) ? ("userAdmin" as const) : undefined,
}));

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
  it("covers the back-office, and each exception names one of its routes", () => {
    const ids = ROUTES.map((route) => route.id);
    expect(ids).toEqual(expect.arrayContaining(["routes/admin/layout", "admin-index"]));
    expect(ids).toEqual(expect.arrayContaining([...USER_ADMIN_ROUTES, ...USER_ADMIN_ACTIONS]));
    for (const route of ROUTES) expect(route.module, `${route.file} is a module`).toBeDefined();
    expect(ROUTES.find((route) => route.id === "routes/admin/outsourcing")?.path).toBe(
      "/admin/outsourcing",
    );
  });

  for (const row of ROUTES) {
    const file = row.id;
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
    for (const row of ROUTES) {
      const file = row.id;
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
