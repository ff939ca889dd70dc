import { z } from "zod";
import { APPLICANT_ROLES } from "./enums";
import { phonesInE164 } from "./phone";
import { emailAddress, optionalText, requiredText } from "./text-fields";

// An agent (a field recruiter of one office) registers applicants on their behalf. Messages are
// keys of the "agent" namespace. The account made must also pass the sign-up's AccountFieldsSchema
// (domain/accounts.ts), which the service applies.

export const RegisterApplicantSchema = z
  .object({
    fullName: requiredText(
      120,
      "register.errors.fullNameRequired",
      "register.errors.fullNameTooLong",
    ),
    email: emailAddress("register.errors.emailRequired", "register.errors.emailInvalid"),
    phoneNumber: optionalText(40, "register.errors.phoneTooLong"),
    country: requiredText(80, "register.errors.countryRequired", "register.errors.countryRequired"),
    role: z.enum(APPLICANT_ROLES, { error: "register.errors.roleRequired" }),
    // The agent's office's country: where a local number is read when the country names none.
    phoneRegion: z.string().trim().max(2).optional(),
  })
  .transform(phonesInE164(["phoneNumber"], "register.errors.phoneInvalid"));
export type RegisterApplicant = z.infer<typeof RegisterApplicantSchema>;

/** What an agent's list says of an applicant's account: waiting for them to confirm, or theirs. */
export type AgentApplicantAccount = "invited" | "active";
