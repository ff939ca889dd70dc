import { and, desc, eq, ilike, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import type { Role } from "~/domain/enums";
import { containsPattern } from "~/domain/like-patterns";
import type { ProfileFilter } from "~/domain/users";
import { recordAudit } from "~/server/audit/audit.server";
import type { Viewer } from "~/server/auth/guards.server";
import { type Db, db } from "~/server/db/client.server";
import { paginateSelect } from "~/server/db/paginate.server";
import { staleEditError } from "~/server/db/versions.server";
import { payments, profiles } from "~/server/db/schema";
import { inTransactionWithMail } from "~/server/mail/outbox.server";
import {
  afterPaymentRecorded,
  type Recorded,
  recordPaymentIn,
} from "~/server/payments/payments.server";
import { getSiteSettings } from "~/server/settings/settings.server";
import { feeOwedReader, pathOfRole } from "~/server/fees/fee-policies.server";
import { registrationPolicyOf } from "~/server/fees/cost-sheet.server";
import { chargesUpFront, feeSettingsFor } from "~/domain/fee-policy";

type Actor = Pick<Viewer, "id" | "role">;

export class UserNotFoundError extends Error {}
export class RoleChangeForbiddenError extends Error {
  constructor(public reason: "grantAdmin" | "lastSuperAdmin" | "self") {
    super(reason);
  }
}

function filterWhere(filter: ProfileFilter): SQL | undefined {
  // Erased accounts ("Deleted user" stubs) are in the deletion log, not among the people.
  const parts: SQL[] = [isNull(profiles.erasedAt)];
  if (filter.role) parts.push(eq(profiles.role, filter.role));
  if (filter.paid != null) parts.push(eq(profiles.registrationFeePaid, filter.paid));
  if (filter.ids) parts.push(inArray(profiles.id, filter.ids.concat([""])));
  const q = filter.q?.trim();
  if (q) {
    const like = containsPattern(q);
    parts.push(or(ilike(profiles.fullName, like), ilike(profiles.email, like))!);
  }
  return parts.length ? and(...parts) : undefined;
}

const columns = {
  id: profiles.id,
  fullName: profiles.fullName,
  email: profiles.email,
  phoneNumber: profiles.phoneNumber,
  country: profiles.country,
  role: profiles.role,
  registrationFeePaid: profiles.registrationFeePaid,
  createdAt: profiles.createdAt,
  // Who looks after them.
  ownerId: profiles.ownerId,
  ownerName: sql<
    string | null
  >`(select o.full_name from ${profiles} o where o.id = ${profiles.ownerId})`,
  office: profiles.office,
  extraOffices: profiles.extraOffices,
  // What the row's forms post back: an edit on an older version is refused (decision record 37).
  version: profiles.version,
};

/** Every profile, newest first, for admins: reads across users on purpose. */
export async function listAllProfilesForStaff(options: {
  filter: ProfileFilter;
  page: number;
  pageSize: number;
}) {
  const where = filterWhere(options.filter);
  const [page, owes] = await Promise.all([
    paginateSelect(
      profiles,
      where,
      { page: options.page, pageSize: options.pageSize },
      db()
        .select(columns)
        .from(profiles)
        .where(where)
        .orderBy(desc(profiles.createdAt), desc(profiles.id))
        .$dynamic(),
    ),
    feeOwedReader(),
  ]);
  // Whether each person's fee policy (office, own path) asks a fee up front: someone who owes
  // nothing is not "unpaid" (decision record 33).
  return {
    ...page,
    items: page.items.map((u) => ({ ...u, feeDue: owes(u.office, pathOfRole(u.role)) })),
  };
}
export type StaffProfileRow = Awaited<ReturnType<typeof listAllProfilesForStaff>>["items"][number];

export async function exportProfilesForStaff(filter: ProfileFilter, limit = 50_000) {
  const [rows, owes] = await Promise.all([
    db()
      .select(columns)
      .from(profiles)
      .where(filterWhere(filter))
      .orderBy(desc(profiles.createdAt), desc(profiles.id))
      .limit(limit),
    feeOwedReader(),
  ]);
  return rows.map((u) => ({ ...u, feeDue: owes(u.office, pathOfRole(u.role)) }));
}

/** The user's row, locked for the rest of the transaction; UserNotFoundError when there is none. */
async function lockUser(tx: Db, userId: string, expectedVersion?: number) {
  const [user] = await tx
    .select({
      id: profiles.id,
      role: profiles.role,
      paid: profiles.registrationFeePaid,
      version: profiles.version,
      updatedAt: profiles.updatedAt,
    })
    .from(profiles)
    .where(eq(profiles.id, userId))
    .for("update");
  if (!user) throw new UserNotFoundError();
  // Made on an older version of the person (decision record 37): refused before anything else,
  // with their role and fee as they are now.
  if (expectedVersion !== undefined && user.version !== expectedVersion) {
    throw await staleEditError(
      tx,
      { type: "user", id: user.id },
      { role: user.role, paid: user.paid, updatedAt: user.updatedAt },
    );
  }
  return user;
}

/** Mark Paid for someone whose fee is already paid: nothing is recorded. */
export class AlreadyPaidError extends Error {}
/** Mark Paid for someone whose fee policy asks nothing up front (no fee, success fee, employer pays). */
export class NoFeeDueError extends Error {
  constructor(readonly kind: string) {
    super(`no registration fee is due under a "${kind}" policy`);
  }
}
/** The reference staff gave is already a payment's: the same money is never recorded twice. */
export class PaymentReferenceTakenError extends Error {}

/**
 * Mark Paid: staff record the fee received by hand (cash at the office, a bank transfer) with the
 * reference it came with. It is booked exactly as a provider's payment (recordPaymentIn: the
 * payment with its receipt number, the fee flag, the "fee received" notification and the receipt
 * e-mail), recorded by the staff member and audited, in one transaction. Mark Unpaid clears the
 * flag (a refund is recorded on the payments page).
 */
export async function setRegistrationPaid(
  options: {
    actor: Actor;
    userId: string;
    /** The version the users list showed: refused (StaleEditError) if the person changed since. */
    expectedVersion?: number;
  } & ({ paid: true; reference: string } | { paid: false }),
) {
  const settings = await getSiteSettings();
  const recorded = await inTransactionWithMail(async (tx) => {
    const user = await lockUser(tx, options.userId, options.expectedVersion);
    let paymentReference: string | null = null;
    let outcome: Recorded | null = null;
    if (options.paid) {
      if (user.paid) throw new AlreadyPaidError();
      paymentReference = options.reference.trim();
      const [taken] = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.paymentReference, paymentReference));
      if (taken) throw new PaymentReferenceTakenError();
      // The fee their own policy asks (office and path): none under no fee, a success fee or
      // employer pays, so no money is booked that the agency may not take from them.
      const policy = await registrationPolicyOf(user.id, tx);
      if (!chargesUpFront(policy)) throw new NoFeeDueError(policy.kind);
      const fee = feeSettingsFor(policy, settings).registrationFee;
      outcome = await recordPaymentIn(tx, {
        userId: user.id,
        reference: paymentReference,
        amountMinor: fee.amountMinor,
        currency: fee.currency,
        method: "manual",
        provider: "manual",
        recordedBy: options.actor.id,
      });
    } else {
      await tx.update(profiles).set({ registrationFeePaid: false }).where(eq(profiles.id, user.id));
    }
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: options.paid ? "user.mark_paid" : "user.mark_unpaid",
      targetType: "user",
      targetId: user.id,
      details: { from: user.paid, to: options.paid, paymentReference },
    });
    return { paymentReference, outcome };
  });
  if (recorded.outcome && recorded.paymentReference) {
    await afterPaymentRecorded(
      { userId: options.userId, reference: recorded.paymentReference, provider: "manual" },
      recorded.outcome,
    );
  }
  return { paymentReference: recorded.paymentReference };
}

const PRIVILEGED: Role[] = ["admin", "super_admin"];

/**
 * Only a super_admin grants or takes away admin and super_admin. The last super_admin can never be
 * demoted: the super_admin rows are locked and counted inside the transaction, so two demotions
 * at once cannot both pass.
 */
export async function changeRole(options: {
  actor: Actor;
  userId: string;
  role: Role;
  /** The version the users list showed: refused (StaleEditError) if the person changed since. */
  expectedVersion?: number;
}) {
  return db().transaction(async (tx) => {
    const user = await lockUser(tx, options.userId, options.expectedVersion);
    if (user.role === options.role) return { from: user.role, to: user.role };
    const touchesPrivileged = PRIVILEGED.includes(options.role) || PRIVILEGED.includes(user.role);
    if (touchesPrivileged && options.actor.role !== "super_admin") {
      throw new RoleChangeForbiddenError("grantAdmin");
    }
    if (user.role === "super_admin") {
      const supers = await tx
        .select({ id: profiles.id })
        .from(profiles)
        .where(eq(profiles.role, "super_admin"))
        .for("update");
      if (supers.length <= 1) throw new RoleChangeForbiddenError("lastSuperAdmin");
    }
    await tx.update(profiles).set({ role: options.role }).where(eq(profiles.id, user.id));
    await recordAudit(tx, {
      actorId: options.actor.id,
      action: "user.role_change",
      targetType: "user",
      targetId: user.id,
      details: { from: user.role, to: options.role },
    });
    return { from: user.role, to: options.role };
  });
}
