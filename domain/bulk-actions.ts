import { z } from "zod";
import { nullableText } from "./text-fields";
import { editVersion } from "./versions";
import {
  APPLICATION_STATUSES,
  type ApplicationKind,
  type ApplicationStatus,
  statusesForKind,
} from "./enums";

// Bulk actions of the back-office lists: a form of checkboxes posting to the list's own
// action (works without JavaScript), either for the rows ticked or for every row matching the
// list's filter. Messages are translation keys of the "admin" namespace.

/**
 * At most this many rows in one bulk action (a request of about ten seconds): a broader filter is
 * narrowed first. The same as the lists' count cap, so "more than 1,000" means "narrow it".
 */
export const BULK_LIMIT = 1000;

/**
 * Which rows: the ticked ones (`id` fields), every row of the page shown (`pageId` fields, so it
 * works without JavaScript), or every row matching the list's filter.
 */
export const BULK_SCOPES = ["selected", "page", "matching"] as const;
export type BulkScope = (typeof BULK_SCOPES)[number];

/** What a bulk action on applications does. */
export const APPLICATION_BULK_ACTIONS = ["next", "status", "owner", "message"] as const;
export type ApplicationBulkAction = (typeof APPLICATION_BULK_ACTIONS)[number];

/** What a bulk action on the user list does (people have no status to change). */
export const USER_BULK_ACTIONS = ["owner", "message"] as const;
export type UserBulkAction = (typeof USER_BULK_ACTIONS)[number];

/** `ownerId` value that clears the owner. */
export const NO_OWNER = "none";

const ids = z.array(z.string().min(1).max(100)).max(BULK_LIMIT, "bulk.errors.tooMany");

const list = z.preprocess((v) => (v == null ? [] : Array.isArray(v) ? v : [v]), ids);

const common = {
  selection: z.enum(BULK_SCOPES, { error: "bulk.errors.scope" }),
  id: list,
  pageId: list,
  toStatus: z.enum(APPLICATION_STATUSES).optional(),
  ownerId: z.string().min(1).max(100).optional(),
  subject: nullableText(200, "bulk.errors.tooLong"),
  content: nullableText(5000, "bulk.errors.tooLong"),
  note: nullableText(1000, "bulk.errors.tooLong"),
};

function refineAction(
  v: {
    bulkAction: string;
    toStatus?: string;
    ownerId?: string;
    subject: string | null;
    content: string | null;
    selection: BulkScope;
    id: string[];
  },
  ctx: z.RefinementCtx,
) {
  if (v.selection === "selected" && v.id.length === 0) {
    ctx.addIssue({ code: "custom", path: ["id"], message: "bulk.errors.noneSelected" });
  }
  if (v.bulkAction === "status" && !v.toStatus) {
    ctx.addIssue({ code: "custom", path: ["toStatus"], message: "bulk.errors.statusRequired" });
  }
  if (v.bulkAction === "owner" && !v.ownerId) {
    ctx.addIssue({ code: "custom", path: ["ownerId"], message: "bulk.errors.ownerRequired" });
  }
  if (v.bulkAction === "message" && (!v.subject || !v.content)) {
    ctx.addIssue({ code: "custom", path: ["content"], message: "bulk.errors.messageRequired" });
  }
}

export const ApplicationBulkSchema = z
  .object({
    ...common,
    bulkAction: z.enum(APPLICATION_BULK_ACTIONS, { error: "bulk.errors.action" }),
  })
  .superRefine(refineAction);
export type ApplicationBulk = z.infer<typeof ApplicationBulkSchema>;

export const UserBulkSchema = z
  .object({ ...common, bulkAction: z.enum(USER_BULK_ACTIONS, { error: "bulk.errors.action" }) })
  .superRefine(refineAction);
export type UserBulk = z.infer<typeof UserBulkSchema>;

/** Statuses "next stage" never moves into: they end an application another way than its order. */
const NOT_A_NEXT_STAGE: readonly ApplicationStatus[] = ["withdrawn", "rejected", "visa_refused"];

/**
 * The stage after `status` in its kind's order, or null when there is none (Departed, and the
 * ends Withdrawn and Rejected).
 */
export function nextStage(
  kind: ApplicationKind,
  status: ApplicationStatus,
): ApplicationStatus | null {
  if (NOT_A_NEXT_STAGE.includes(status)) return null;
  const order = statusesForKind(kind).filter((s) => !NOT_A_NEXT_STAGE.includes(s));
  const at = order.indexOf(status);
  return at >= 0 && at + 1 < order.length ? order[at + 1]! : null;
}

/** Why a bulk action left one row as it was. */
export const BULK_REFUSALS = [
  "unchanged",
  "noNextStage",
  "needsInterviewDate",
  // A status that states a fact the data does not prove (decision record 32).
  "feeNotPaid",
  "documentsNotVerified",
  "interviewAhead",
  // A gated stage with mandatory checklist items missing, unverified or expired (record 44).
  "checklistIncomplete",
  "notForKind",
  "changedMeanwhile",
  "notFound",
  "notApplicant",
  // An agent owns applicants of their own office only (decision record 48).
  "agentOtherOffice",
  "failed",
] as const;
export type BulkRefusal = (typeof BULK_REFUSALS)[number];

/** The ids a bulk form names for its selection (none for "matching": the filter decides). */
export function selectedIds(v: { selection: BulkScope; id: string[]; pageId: string[] }) {
  return v.selection === "selected" ? v.id : v.selection === "page" ? v.pageId : [];
}

/**
 * The ticked rows (or the page's) a bulk form sent as search parameters (its CSV download), or
 * null when it asked for every row matching the filter, or is no bulk form.
 */
export function idsFromParams(params: URLSearchParams): string[] | null {
  const selection = params.get("selection");
  if (selection !== "selected" && selection !== "page") return null;
  return params
    .getAll(selection === "selected" ? "id" : "pageId")
    .filter((id) => id.length <= 100)
    .slice(0, BULK_LIMIT);
}

/** What a bulk action did: how many rows changed, and each row it refused with the reason. */
export type BulkSummary = {
  action: ApplicationBulkAction | UserBulkAction;
  changed: number;
  refused: {
    id: string;
    label: string;
    reason: BulkRefusal;
    /** Who changed the row since the list was opened, and when (decision record 37). */
    stale?: { by: string | null; at: string | null };
    /** The checklist items a gated stage waits for (a document type and why). */
    items?: { documentType: string; state: string }[];
  }[];
};

/**
 * One applicant's owner, from their page: a staff member, an agent of their office, or nobody
 * (`NO_OWNER`), at the version of the person the page showed (decision record 37).
 */
export const ApplicantOwnerSchema = z.object({
  applicantId: z.string().trim().min(1).max(64),
  ownerId: z.string().trim().min(1).max(64),
  version: editVersion,
});
export type ApplicantOwner = z.infer<typeof ApplicantOwnerSchema>;
