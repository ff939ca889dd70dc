// Privacy and data rights: the states of a person's "download my data" archive.

/** preparing: being built in the background; ready: downloadable until it expires; failed. */
export const DATA_EXPORT_STATUSES = ["preparing", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];

/** How long a prepared archive can be downloaded (then it is deleted). */
export const DATA_EXPORT_TTL_DAYS = 7;
