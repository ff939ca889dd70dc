import { useEffect, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/domain/format";

// A signed-in applicant's dashboard, applications and documents stay readable offline
// (public/sw.js). This part registers the service worker, writes the owner
// marker the worker keeps a page by, and says when an offline page was last updated.

const subscribe = (changed: () => void) => {
  window.addEventListener("online", changed);
  window.addEventListener("offline", changed);
  return () => {
    window.removeEventListener("online", changed);
    window.removeEventListener("offline", changed);
  };
};

export function OfflineReading({ owner, renderedAt }: { owner: string; renderedAt: string }) {
  const { t, i18n } = useTranslation();
  // Online while rendering on the server and hydrating; the browser's word after that.
  const online = useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
  useEffect(() => {
    if ("serviceWorker" in navigator) {
      navigator.serviceWorker.register("/sw.js").catch(() => {
        // No offline copy: the site works as before.
      });
    }
  }, []);
  return (
    <>
      <div hidden data-offline-key={owner} />
      {online ? null : (
        <p
          role="status"
          className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950"
          data-testid="offline-note"
        >
          {t("offline.lastUpdated", {
            time: formatDate(renderedAt, i18n.language, "dateTime"),
          })}
        </p>
      )}
    </>
  );
}
