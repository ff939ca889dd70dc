import { parseWithZod } from "@conform-to/zod/v4";
import { actionFailed, formInvalid } from "~/app/lib/action-result";
import { ownerChoice, ownerFilter, parseApplicationFilter } from "~/domain/applications";
import { ownsAnyApplication } from "~/server/queues/work-queues.server";
import {
  ApplicationBulkSchema,
  BULK_LIMIT,
  type BulkSummary,
  NO_OWNER,
  selectedIds,
  UserBulkSchema,
} from "~/domain/bulk-actions";
import { parseOfficeFilter } from "~/domain/offices";
import { rowVersion } from "~/domain/versions";
import {
  bulkChangeApplicationStatus,
  bulkMessageApplicants,
  BulkTooManyError,
  selectApplicationsForBulk,
  selectPeopleByIds,
} from "~/server/applications/bulk.server";
import type { Viewer } from "~/server/auth/guards.server";
import { officeScopeFor } from "~/server/offices/scope.server";
import {
  assignApplicantOwner,
  assignApplicationOwner,
  OwnerNotStaffError,
} from "~/server/owners/owners.server";
import { parseProfileFilter } from "~/domain/users";
import { exportProfilesForStaff } from "~/server/users/staff.server";

// The bulk forms of the applications list and the user list: the form posts the
// ticked rows (or the page's, or "every row matching the filter", with the list's filter in hidden
// fields), the action and its value; the answer is a summary of what changed and what was refused.

/** The form's fields as search parameters (the list's filter travels in hidden fields). */
function formParams(formData: FormData) {
  const params = new URLSearchParams();
  for (const [key, value] of formData) if (typeof value === "string") params.append(key, value);
  return params;
}

function summaryAnswer(summary: BulkSummary) {
  return {
    intent: "bulk" as const,
    flash: {
      ok: summary.refused.length === 0,
      message: `bulk.done.${summary.action}`,
      count: summary.changed,
    },
    summary,
  };
}

function ownerValue(ownerId: string | undefined) {
  return !ownerId || ownerId === NO_OWNER ? null : ownerId;
}

/** A bulk action on applications: next stage, a status, an owner or a message to each applicant. */
export async function runApplicationBulk(viewer: Viewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: ApplicationBulkSchema });
  if (submission.status !== "success") return formInvalid("bulk", submission.reply());
  const v = submission.value;
  const params = formParams(formData);
  const scope = await officeScopeFor(viewer);
  const { q, status, kind, appliedFrom } = parseApplicationFilter(params);
  const owner = ownerFilter(
    ownerChoice(params, viewer.role, await ownsAnyApplication(viewer.id)),
    viewer.id,
  );
  try {
    const applications = await selectApplicationsForBulk({
      selection: v.selection,
      ids: selectedIds(v),
      filter: { q, status, kind, owner, appliedFrom },
      scope,
      office: parseOfficeFilter(params.get("office"), scope),
    });
    if (applications.length === 0) return actionFailed("bulk", "bulk.errors.noneSelected", 400);
    // Each row changes only at the version the list showed (decision record 37).
    for (const app of applications) app.version = rowVersion(formData, app.id) ?? app.version;
    switch (v.bulkAction) {
      case "next":
      case "status":
        return summaryAnswer(
          await bulkChangeApplicationStatus({
            actor: viewer,
            applications,
            to: v.bulkAction === "next" ? "next" : v.toStatus!,
            note: v.note,
          }),
        );
      case "owner":
        return summaryAnswer(
          await assignApplicationOwner({
            actor: viewer,
            applications,
            ownerId: ownerValue(v.ownerId),
          }),
        );
      case "message":
        return summaryAnswer(
          await bulkMessageApplicants({
            actor: viewer,
            people: applications.map((a) => ({ id: a.userId, label: a.label.split(" · ")[0]! })),
            subject: v.subject!,
            content: v.content!,
          }),
        );
    }
  } catch (error) {
    if (error instanceof BulkTooManyError) return actionFailed("bulk", "bulk.errors.tooMany", 400);
    if (error instanceof OwnerNotStaffError) {
      return actionFailed("bulk", "bulk.errors.ownerInvalid", 400);
    }
    throw error;
  }
}

/** A bulk action on the user list: an owner for each applicant, or a message to each person. */
export async function runUserBulk(viewer: Viewer, formData: FormData) {
  const submission = parseWithZod(formData, { schema: UserBulkSchema });
  if (submission.status !== "success") return formInvalid("bulk", submission.reply());
  const v = submission.value;
  let people: { id: string; label: string }[];
  if (v.selection === "matching") {
    const rows = await exportProfilesForStaff(
      parseProfileFilter(formParams(formData)),
      BULK_LIMIT + 1,
    );
    if (rows.length > BULK_LIMIT) return actionFailed("bulk", "bulk.errors.tooMany", 400);
    people = rows.map((r) => ({ id: r.id, label: r.fullName }));
  } else {
    people = await selectPeopleByIds(selectedIds(v));
  }
  if (people.length === 0) return actionFailed("bulk", "bulk.errors.noneSelected", 400);
  // Each person changes only at the version the list showed (decision record 37).
  const shown = people.map((p) => ({ ...p, version: rowVersion(formData, p.id) }));
  try {
    if (v.bulkAction === "owner") {
      return summaryAnswer(
        await assignApplicantOwner({
          actor: viewer,
          people: shown,
          ownerId: ownerValue(v.ownerId),
        }),
      );
    }
    return summaryAnswer(
      await bulkMessageApplicants({
        actor: viewer,
        people,
        subject: v.subject!,
        content: v.content!,
      }),
    );
  } catch (error) {
    if (error instanceof OwnerNotStaffError) {
      return actionFailed("bulk", "bulk.errors.ownerInvalid", 400);
    }
    throw error;
  }
}
