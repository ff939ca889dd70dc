import type { DocumentStatus } from "./enums";

// The document rules, shared by the upload form (hints, accept attribute) and the server (limits).
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;

/** Content types we accept, judged from the file's bytes, with the extension a clean name gets. */
export const ACCEPTED_DOCUMENT_TYPES = {
  "application/pdf": "pdf",
  "application/msword": "doc",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
  "image/jpeg": "jpg",
  "image/png": "png",
} as const;
export type AcceptedDocumentType = keyof typeof ACCEPTED_DOCUMENT_TYPES;

/** For the file picker only (a hint to the browser); the server decides by content. */
export const DOCUMENT_ACCEPT_ATTRIBUTE = ".pdf,.doc,.docx,.jpg,.jpeg,.png";

export const UPLOAD_ERRORS = [
  "tooLarge",
  "wrongType",
  "formatNotForType",
  "empty",
  "badName",
  "noFile",
  "badDocumentType",
  "tooMany",
  "tooManyPixels",
  "unpacksTooLarge",
  "storageFull",
  "badDates",
  // The task the upload was sent for is done, cancelled or not theirs.
  "taskClosed",
  "consentNeeded",
  "failed",
] as const;
export type UploadError = (typeof UPLOAD_ERRORS)[number];

/** What the applicant sees for a type: the newest upload that is not superseded, or none. */
export type DocumentCardStatus = "missing" | Exclude<DocumentStatus, "replaced">;

export const DOCUMENT_STATUS_TONE = {
  missing: "waiting",
  pending: "progress",
  verified: "success",
  rejected: "danger",
} as const satisfies Record<DocumentCardStatus, string>;
