import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import { useNonce } from "./lib/nonce";
import type { RootData } from "./lib/root-data";
import { loadRoot } from "./root.server";

export async function loader({ request }: Route.LoaderArgs) {
  return loadRoot(request);
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Marks the document once React has taken it over (browser tests wait for it before using
  // controls that need JavaScript; a visitor's page hydrates only after its first paint).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  const data = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  return (
    <html lang={data?.locale ?? "en"} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0d5c69" />
        {/* Installable on a phone's home screen: the manifest, the icons. */}
        <link rel="icon" href="/favicon.ico" sizes="32x32" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="apple-touch-icon" href="/apple-touch-icon.png" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        <Links />
      </head>
      <body className="min-h-screen">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  let title = t("errors.generic.title");
  let details = t("errors.generic.body");
  if (isRouteErrorResponse(error) && error.status === 404) {
    title = t("notFound.title");
    details = t("notFound.body");
  } else if (isRouteErrorResponse(error) && error.status === 503) {
    // The database could not be reached (server/db/unreachable.server.ts).
    title = t("errors.unavailable.title");
    details = t("errors.unavailable.body");
  } else if (import.meta.env.DEV && error instanceof Error) {
    details = error.message;
  }
  return (
    <main className="mx-auto grid max-w-xl gap-4 p-8 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="text-slate-700">{details}</p>
      <a className="text-primary-700 underline" href="/">
        {t("notFound.home")}
      </a>
    </main>
  );
}
