import type { DocumentUpload, UploadOutcome } from "~/server/documents/upload.server";
import { uploadDocument } from "~/server/documents/upload.server";
import { type Agent, ownsApplicant } from "./agent-applicants.server";

/**
 * An agent uploads a document for one of their applicants: the same checks as the applicant's own
 * upload (size, content, format of the type, dates, the per-account limit, counted on the agent),
 * stored as the applicant's document and audited as the agent's. Null when the applicant is not
 * theirs (the page answers 404, and not a byte of the file is read).
 */
export async function uploadDocumentForApplicant({
  agent,
  applicantId,
  upload,
}: {
  agent: Agent;
  applicantId: string;
  upload: DocumentUpload;
}): Promise<UploadOutcome | null> {
  if (!(await ownsApplicant(agent, applicantId))) return null;
  return uploadDocument({
    actor: agent,
    upload,
    onBehalf: { applicantId, stillAllowed: (tx) => ownsApplicant(agent, applicantId, tx) },
  });
}
