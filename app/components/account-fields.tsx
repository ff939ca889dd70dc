import type { FlatNamespace } from "i18next";
import type * as React from "react";
import { type AnyField, FormChoices, FormInput } from "~/app/components/ui/field";

type Name = "fullName" | "country" | "phoneNumber" | "whatsappNumber";
type RoleLabel = "role" | "roleJobSeeker" | "roleStudent";
type InputProps = Omit<React.ComponentProps<typeof FormInput>, "field" | "ns" | "label">;

/**
 * What an account says about its person (domain/accounts.ts AccountFieldsSchema), as sign-up and the
 * profile ask for it: name, country, then the two optional numbers side by side. `children` (the
 * sign-up's e-mail) go between the name and the country. `phone` is where a local number is read
 * when the country names none (the office's region, sent along) and the prefix the fields suggest.
 */
export function AccountFields({
  fields,
  ns,
  label,
  children,
  phone,
}: {
  fields: Record<Name, AnyField>;
  ns: FlatNamespace;
  label: (name: Name) => string;
  children?: React.ReactNode;
  phone?: { region: string; prefix: string };
}) {
  // Each field by its name: its Conform field and its label, with what sets it apart.
  const input = (name: Name, props: InputProps) => (
    <FormInput field={fields[name]} ns={ns} label={label(name)} {...props} />
  );
  return (
    <>
      {input("fullName", { autoComplete: "name", required: true })}
      {children}
      {input("country", { autoComplete: "country-name", required: true })}
      {phone ? <input type="hidden" name="phoneRegion" value={phone.region} /> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {input("phoneNumber", {
          type: "tel",
          autoComplete: "tel",
          placeholder: placeholder(phone),
        })}
        {input("whatsappNumber", { type: "tel", placeholder: placeholder(phone) })}
      </div>
    </>
  );
}

/** "+263 …": a local number may be typed as it is, an international one with its prefix. */
const placeholder = (phone?: { prefix: string }) => (phone ? `${phone.prefix} …` : undefined);

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
