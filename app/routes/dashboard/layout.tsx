import { createHash } from "node:crypto";
import { Outlet, redirect } from "react-router";
import { DashboardShell } from "~/app/components/dashboard-shell";
import { OfflineReading } from "~/app/components/offline-reading";
import { isApplicantRole } from "~/domain/enums";
import { requireCurrentConsent } from "~/server/privacy/consent.server";
import { requireUser } from "~/server/auth/guards.server";
import type { Route } from "./+types/layout";

// The layout check only shapes the page; every child loader and action checks access itself.
export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  // An agent is nobody's applicant: their home is their applicants (/agent); of this area they
  // keep only their own profile (account, language, sessions).
  const path = new URL(request.url).pathname;
  if (viewer.role === "agent" && !/^\/dashboard\/profile(\.data)?$/.test(path)) {
    throw redirect("/agent");
  }
  await requireCurrentConsent(request, viewer);
  // An applicant's pages may be kept for reading offline (public/sw.js), marked with whose they
  // are (a digest, not the id) and when they were made; nobody else's ever are.
  return isApplicantRole(viewer.role)
    ? {
        offline: {
          owner: createHash("sha256").update(`offline:${viewer.id}`).digest("hex").slice(0, 32),
          renderedAt: new Date().toISOString(),
        },
      }
    : { offline: null };
}

export default function DashboardLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell>
      {loaderData?.offline ? <OfflineReading {...loaderData.offline} /> : null}
      <Outlet />
    </DashboardShell>
  );
}
