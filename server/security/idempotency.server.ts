import crypto from "node:crypto";
import { rateLimits } from "~/server/db/schema";
import type { Db } from "~/server/db/client.server";

/**
 * Public forms carry a submission key (a hidden field, see app/components/submission-key.tsx), so
 * a retried post — the browser resending after a crash or a dropped connection — is recognised
 * and answered as the success it already was, without a second row or a second e-mail.
 *
 * The key is claimed in the same transaction as the row it guards, as a row of the rate_limits
 * table (unique key, pruned after 24 hours; no table of its own is needed). The claim covers the
 * key *and* what was sent: a page served from the cache to several visitors carries one key, and
 * two different messages under it must both arrive.
 */
export const SUBMISSION_KEY_FIELD = "submissionKey";
const KEY_SHAPE = /^[A-Za-z0-9_-]{16,64}$/;

export function readSubmissionKey(form: FormData): string | null {
  const value = form.get(SUBMISSION_KEY_FIELD);
  return typeof value === "string" && KEY_SHAPE.test(value) ? value : null;
}

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/**
 * True the first time (scope, key, content) is seen: go on and store. False for a repeat: the
 * caller stores nothing and answers as it did the first time. Without a key every post is new.
 */
export async function claimSubmission(
  tx: Tx,
  scope: string,
  key: string | null | undefined,
  content: unknown,
): Promise<boolean> {
  if (!key) return true;
  const digest = crypto
    .createHash("sha256")
    .update(`${scope}\n${key}\n${JSON.stringify(content)}`)
    .digest("base64url");
  const claimed = await tx
    .insert(rateLimits)
    .values({ key: `submission:${scope}:${digest}`, count: 1, lastRequest: Date.now() })
    .onConflictDoNothing()
    .returning({ key: rateLimits.key });
  return claimed.length > 0;
}
