import type { FlatNamespace } from "i18next";
import type * as React from "react";
import { type AnyField, FormChoices, FormInput } from "~/app/components/ui/field";

type Name = "fullName" | "country" | "phoneNumber" | "whatsappNumber";
type RoleLabel = "role" | "roleJobSeeker" | "roleStudent";

/**
 * What an account says about its person (domain/auth.ts AccountFieldsSchema), as sign-up and the
 * profile ask for it: name, country, then the two optional numbers side by side. `children` (the
 * sign-up's e-mail) go between the name and the country.
 */
export function AccountFields({
  fields,
  ns,
  label,
  children,
}: {
  fields: Record<Name, AnyField>;
  ns: FlatNamespace;
  label: (name: Name) => string;
  children?: React.ReactNode;
}) {
  return (
    <>
      <FormInput
        field={fields.fullName}
        ns={ns}
        label={label("fullName")}
        autoComplete="name"
        required
      />
      {children}
      <FormInput
        field={fields.country}
        ns={ns}
        label={label("country")}
        autoComplete="country-name"
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormInput
          field={fields.phoneNumber}
          ns={ns}
          type="tel"
          label={label("phoneNumber")}
          autoComplete="tel"
        />
        <FormInput
          field={fields.whatsappNumber}
          ns={ns}
          type="tel"
          label={label("whatsappNumber")}
        />
      </div>
    </>
  );
}

/** What an applicant is looking for: jobs or study programs (their role). */
export function ApplicantRoleChoice({
  field,
  ns,
  label,
}: {
  field: AnyField;
  ns: FlatNamespace;
  label: (name: RoleLabel) => string;
}) {
  return (
    <FormChoices
      field={field}
      ns={ns}
      type="radio"
      legend={label("role")}
      options={[
        ["job_seeker", label("roleJobSeeker")],
        ["student_applicant", label("roleStudent")],
      ]}
      tilesClassName="grid grid-cols-2 gap-2"
    />
  );
}
