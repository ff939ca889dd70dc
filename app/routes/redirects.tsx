import { redirect } from "react-router";
import type { Route } from "./+types/redirects";

// The spec's top-level applicant paths; /dashboard/* is canonical (product-decisions).
const TARGETS: Record<string, string> = {
  "/profile": "/dashboard/profile",
  "/documents": "/dashboard/documents",
  "/payment": "/dashboard/payment",
  "/my-applications": "/dashboard/applications",
};

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const target = TARGETS[url.pathname.replace(/\/$/, "")] ?? "/dashboard";
  throw redirect(target + url.search, 308);
}
