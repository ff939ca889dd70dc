import { useEffect, useState } from "react";
import { useLoaderData } from "react-router";

/** A fresh random key; getRandomValues works on plain-HTTP pages too, unlike randomUUID. */
function newKey() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The hidden submission key of a public form (server/security/idempotency.server.ts): a retry of
 * the same post is recognised and not stored twice. The page's loader gives the first key, so the
 * form carries one before JavaScript runs; once the page is live each form view gets its own.
 */
export function SubmissionKeyField() {
  const data = useLoaderData() as { submissionKey?: string } | null;
  const [key, setKey] = useState(data?.submissionKey ?? "");
  useEffect(() => setKey(newKey()), []);
  return <input type="hidden" name="submissionKey" value={key} />;
}
