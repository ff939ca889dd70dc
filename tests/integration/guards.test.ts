import { describe, expect, it } from "vitest";
import { loader as adminLayout } from "~/app/routes/admin/layout";
import { loader as adminUsers } from "~/app/routes/admin/users";
import { loader as dashboardLayout } from "~/app/routes/dashboard/layout";
import { loader as documents } from "~/app/routes/dashboard/documents";
import { loader as redirects } from "~/app/routes/redirects";
import { action as signOut } from "~/app/routes/auth/sign-out";
import { ROLES, type Role } from "~/domain/enums";
import { getViewer } from "~/server/auth/guards.server";
import {
  createTestUser,
  runAs,
  runRoute,
  sessionCookie,
  setupTestDatabase,
  type TestUser,
} from "./harness";

setupTestDatabase();

async function users() {
  const out = {} as Record<Role, TestUser>;
  for (const role of ROLES) out[role] = await createTestUser({ role });
  return out;
}

describe("guards", () => {
  it("sends a visitor from the dashboard to /auth, remembering where they were going", async () => {
    const outcome = await runAs(null, dashboardLayout, "/dashboard/documents?x=1");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toBe(
      `/auth?redirectTo=${encodeURIComponent("/dashboard/documents?x=1")}`,
    );
  });

  it("lets only manager, admin and super_admin into /admin; others go to /dashboard", async () => {
    const byRole = await users();
    const expected: Record<Role, number> = {
      job_seeker: 302,
      student_applicant: 302,
      agent: 302,
      manager: 200,
      admin: 200,
      super_admin: 200,
    };
    for (const role of ROLES) {
      const outcome = await runAs(byRole[role], adminLayout, "/admin");
      expect({ role, status: outcome.status }).toEqual({ role, status: expected[role] });
      if (outcome.status === 302) expect(outcome.location).toBe("/dashboard");
    }
  });

  it("keeps /admin/users to admin and super_admin", async () => {
    const byRole = await users();
    for (const role of ROLES) {
      const outcome = await runAs(byRole[role], adminUsers, "/admin/users");
      const allowed = role === "admin" || role === "super_admin";
      expect({ role, status: outcome.status }).toEqual({ role, status: allowed ? 200 : 302 });
    }
    const visitor = await runAs(null, adminUsers, "/admin/users");
    expect(visitor.location).toMatch(/^\/auth\?redirectTo=/);
  });

  it("guards child pages on their own, not only in the layout", async () => {
    const outcome = await runAs(null, documents, "/dashboard/documents");
    expect(outcome.status).toBe(302);
    expect(outcome.location).toMatch(/^\/auth/);
  });

  it("redirects the old top-level applicant paths permanently", async () => {
    for (const [from, to] of [
      ["/profile", "/dashboard/profile"],
      ["/documents", "/dashboard/documents"],
      ["/payment", "/dashboard/payment"],
      ["/my-applications", "/dashboard/applications"],
    ]) {
      const outcome = await runAs(null, redirects, from!);
      expect(outcome).toMatchObject({ status: 308, location: to });
    }
  });

  it("signs out: the session no longer works", async () => {
    const user = await createTestUser();
    const cookie = await sessionCookie(user);
    expect(
      await getViewer(new Request("http://localhost:3000/", { headers: { cookie } })),
    ).not.toBeNull();
    const outcome = await runRoute(
      signOut,
      new Request("http://localhost:3000/auth/sign-out", { method: "POST", headers: { cookie } }),
    );
    expect(outcome).toMatchObject({ status: 302, location: "/" });
    expect(
      await getViewer(new Request("http://localhost:3000/", { headers: { cookie } })),
    ).toBeNull();
  });
});
