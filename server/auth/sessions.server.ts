import Bowser from "bowser";
import { and, desc, eq, gt } from "drizzle-orm";
import { db } from "~/server/db/client.server";
import { sessions } from "~/server/db/schema";

export type ActiveSession = {
  id: string;
  /** "Chrome on Android", or null when the browser sent no user agent we can read. */
  device: string | null;
  /** When the session was last used (better-auth refreshes it as it is used). */
  lastSeen: string;
  current: boolean;
};

/** A readable device from a user agent: browser and operating system, no version numbers. */
export function describeDevice(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const parsed = Bowser.parse(userAgent);
  const browser = parsed.browser.name;
  const os = parsed.os.name;
  if (browser && os) return `${browser} on ${os}`;
  return browser ?? os ?? null;
}

/**
 * The signed-in person's sessions that have not expired, most recently used first, the current
 * one marked. Read from the sessions table scoped to the owner (better-auth's listSessions needs
 * a session younger than a day); tokens never leave the server.
 */
export async function listOwnActiveSessions(viewer: {
  id: string;
  sessionId: string;
}): Promise<ActiveSession[]> {
  const rows = await db()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      updatedAt: sessions.updatedAt,
      createdAt: sessions.createdAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, viewer.id), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id))
    .limit(50);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    lastSeen: (r.updatedAt ?? r.createdAt).toISOString(),
    current: r.id === viewer.sessionId,
  }));
}
