import { actionFailed, staleRefused } from "~/app/lib/action-result";
import { MarkPaidSchema, RoleChangeSchema } from "~/domain/admin";
import { editVersion, StaleEditError } from "~/domain/versions";
import { redirectDone } from "~/app/lib/redirect-done";
import { logger } from "~/server/logger.server";
import { runUserBulk } from "./bulk.server";
import { AccountErasureError, eraseAccount } from "~/server/privacy/erase-account.server";
import {
  AlreadyPaidError,
  changeRole,
  NoFeeDueError,
  PaymentReferenceTakenError,
  RoleChangeForbiddenError,
  setRegistrationPaid,
  UserNotFoundError,
} from "~/server/users/staff.server";
import { StaffOfficesError, setStaffOffices } from "~/server/offices/staff-offices.server";
import type { IntentArgs } from "~/app/lib/intent-action.server";
import type { Viewer } from "~/server/auth/guards.server";

// The users list's intents (its action is runIntent in users.tsx): the bulk form, and each row's
// forms, which name the person (userId) and the version of them the row showed: an edit on an
// older one is refused (decision record 37).

type PersonChange = IntentArgs<Viewer> & { userId: string; expectedVersion: number | undefined };

/** One row's change of one person, with the refusals every such change may meet. */
function onePerson<T>(change: (args: PersonChange) => Promise<T>) {
  return async (args: IntentArgs<Viewer>) => {
    const userId = String(args.formData.get("userId") ?? "");
    const expectedVersion = editVersion.safeParse(args.formData.get("version") || undefined).data;
    try {
      return await change({ ...args, userId, expectedVersion });
    } catch (error) {
      return refused(args.intent, userId, error, args.formData);
    }
  };
}

export function changeUsersInBulk({ viewer, formData }: IntentArgs<Viewer>) {
  return runUserBulk(viewer, formData);
}

/** On the person's request, confirmed by typing their e-mail address. */
export const erasePerson = onePerson(async ({ request, viewer, userId, formData }) => {
  await eraseAccount({
    actor: viewer,
    userId,
    by: "staff",
    confirmEmail: String(formData.get("email") ?? ""),
  });
  return redirectDone(request, "accountErased");
});

/** Mark Paid, with the reference the money came with. */
export const markPaid = onePerson(
  async ({ request, viewer, userId, formData, intent, expectedVersion }) => {
    const parsed = MarkPaidSchema.safeParse({ userId, reference: formData.get("reference") });
    if (!parsed.success) {
      return actionFailed(intent, parsed.error.issues[0]?.message ?? "errors.paymentFailed", 400);
    }
    await setRegistrationPaid({
      actor: viewer,
      userId,
      paid: true,
      reference: parsed.data.reference,
      expectedVersion,
    });
    return redirectDone(request, "paymentUpdated");
  },
);

export const markUnpaid = onePerson(async ({ request, viewer, userId, expectedVersion }) => {
  await setRegistrationPaid({ actor: viewer, userId, paid: false, expectedVersion });
  return redirectDone(request, "paymentUpdated");
});

/** A staff member's office and the other offices they may see. */
export const setOffices = onePerson(
  async ({ request, viewer, userId, formData, expectedVersion }) => {
    await setStaffOffices({
      actor: viewer,
      userId,
      office: String(formData.get("office") ?? ""),
      extraOffices: formData.getAll("extraOffices").map(String),
      expectedVersion,
    });
    return redirectDone(request, "officesUpdated");
  },
);

export const setRole = onePerson(
  async ({ request, viewer, userId, formData, intent, expectedVersion }) => {
    const parsed = RoleChangeSchema.safeParse({ userId, role: formData.get("role") });
    if (!parsed.success) return actionFailed(intent, "errors.roleInvalid", 400);
    await changeRole({ actor: viewer, userId, role: parsed.data.role, expectedVersion });
    return redirectDone(request, "roleUpdated");
  },
);

function refused(intent: string, userId: string, error: unknown, formData: FormData) {
  if (error instanceof StaleEditError) return staleUser(intent, userId, error, formData);
  if (error instanceof AccountErasureError) {
    const message = {
      notFound: "errors.userNotFound",
      notApplicant: "users.erase.eraseNotApplicant",
      emailMismatch: "users.erase.eraseMismatch",
    }[error.reason];
    return actionFailed(intent, message, error.reason === "notFound" ? 404 : 400);
  }
  if (error instanceof StaffOfficesError) {
    const status = error.reason === "notFound" ? 404 : error.reason === "forbidden" ? 403 : 400;
    return actionFailed(intent, `offices.errors.${error.reason}`, status);
  }
  if (error instanceof AlreadyPaidError) return actionFailed(intent, "errors.alreadyPaid", 409);
  if (error instanceof NoFeeDueError) return actionFailed(intent, "errors.noFeeDue", 409);
  if (error instanceof PaymentReferenceTakenError) {
    return actionFailed(intent, "errors.paymentReferenceTaken", 409);
  }
  if (error instanceof UserNotFoundError) return actionFailed(intent, "errors.userNotFound", 404);
  if (error instanceof RoleChangeForbiddenError) {
    return actionFailed(intent, `errors.role.${error.reason}`, 403);
  }
  logger().error({ err: error, intent }, "admin user action failed");
  return actionFailed(intent, intent === "role" ? "errors.roleFailed" : "errors.paymentFailed");
}

function staleUser(intent: string, userId: string, error: StaleEditError, formData: FormData) {
  const now = error.stale.current;
  const kept = { userId, reference: String(formData.get("reference") ?? "") };
  if (intent === "role") {
    return staleRefused(intent, error.stale, { key: `common:roles.${String(now.role)}` }, { kept });
  }
  if (intent === "offices") {
    const offices = [now.office, ...((now.extraOffices as string[] | undefined) ?? [])];
    const text = offices.filter((o, i) => o && offices.indexOf(o) === i).join(", ");
    return staleRefused(intent, error.stale, { text: text || null }, { kept });
  }
  return staleRefused(
    intent,
    error.stale,
    { key: now.paid ? "common:labels.paid" : "common:labels.unpaid" },
    { kept },
  );
}
