import { jobApplications } from "~/server/db/schema";

/** An application's own columns, as the applicant's list and the staff views read them. */
export const applicationColumns = {
  id: jobApplications.id,
  status: jobApplications.status,
  appliedAt: jobApplications.appliedAt,
  interviewDate: jobApplications.interviewDate,
  interviewLocation: jobApplications.interviewLocation,
  departureDate: jobApplications.departureDate,
  departureDetails: jobApplications.departureDetails,
  notes: jobApplications.notes,
  adminComments: jobApplications.adminComments,
};
