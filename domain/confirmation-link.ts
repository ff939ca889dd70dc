// The e-mail confirmation link, without the validation library: the sign-in page reads it on a
// visitor's first visit, whose script must stay small (tests/e2e/client-weight.spec.ts).

/** How long the link that confirms a new account's e-mail address works. */
export const EMAIL_CONFIRMATION_DAYS = 3;

const LINK_ERRORS = new Set(["INVALID_TOKEN", "USER_NOT_FOUND", "INVALID_USER"]);

/**
 * What the confirmation link says went wrong (better-auth sends it back as `?error=`, on the
 * link's own target or on the sign-in page that target sent the visitor to): expired or invalid.
 */
export function confirmationLinkProblem(params: URLSearchParams): "expired" | "invalid" | null {
  const inTarget = params.get("redirectTo")?.split("?")[1];
  const error = params.get("error") ?? new URLSearchParams(inTarget ?? "").get("error");
  if (error === "TOKEN_EXPIRED") return "expired";
  return error && LINK_ERRORS.has(error) ? "invalid" : null;
}
