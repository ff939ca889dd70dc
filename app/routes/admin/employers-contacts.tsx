import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Trash2Icon } from "lucide-react";
import { Form, useActionData, useNavigation } from "react-router";
import { FormFields } from "~/app/components/admin/form-fields";
import { useAdminT } from "~/app/components/admin/use-admin-t";
import { FormErrors } from "~/app/components/ui/field";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import { EmployerContactSchema } from "~/domain/employers";
import type { EmployerRow } from "./employers";

/**
 * The people at an employer the agency deals with (the ?contacts=<id> dialog): each with a
 * remove button, and a form to add one (intent "add-contact").
 */
export function EmployerContacts({ employer }: { employer: EmployerRow }) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "add-contact";
  const lastResult = resultFor(useActionData<ActionResult>(), "add-contact");
  const [form, fields] = useForm({
    id: `contact-${employer.id}`,
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: EmployerContactSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <div className="grid gap-6">
      {employer.contacts.length === 0 ? (
        <p className="text-sm text-slate-600">{t("employers.contacts.none")}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t("employers.contacts.listLabel")}>
          {employer.contacts.map((c) => (
            <li
              key={c.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-slate-200 p-3"
              data-testid="employer-contact"
            >
              <div className="text-sm">
                <p className="font-medium text-slate-900">
                  {c.name}
                  {c.position ? <span className="text-slate-600"> · {c.position}</span> : null}
                </p>
                <p className="text-slate-700">
                  <a href={`mailto:${c.email}`} className="underline">
                    {c.email}
                  </a>
                  {c.phone ? (
                    <>
                      {" · "}
                      <a href={`tel:${c.phone}`} className="underline">
                        {c.phone}
                      </a>
                    </>
                  ) : null}
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="remove-contact" />
                <input type="hidden" name="employerId" value={employer.id} />
                <input type="hidden" name="contactId" value={c.id} />
                <button
                  type="submit"
                  className={buttonVariants({ variant: "ghostDanger", size: "sm" })}
                  aria-label={t("employers.contacts.remove", { name: c.name })}
                >
                  <Trash2Icon aria-hidden />
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-4" preventScrollReset>
        <h3 className="font-semibold">{t("employers.contacts.add")}</h3>
        <input type="hidden" name="intent" value="add-contact" />
        <input type="hidden" name="employerId" value={employer.id} />
        <FormErrors errors={form.errors} ns="admin" />
        <FormFields
          fields={fields}
          ns="admin"
          labelOf={(field) => t(`employers.contacts.form.${field}`)}
          specs={[
            {
              group: "grid",
              fields: [
                { input: "name", required: true },
                { input: "email", type: "email", required: true },
                { input: "phone", type: "tel" },
                { input: "position" },
              ],
            },
          ]}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={busy}>
            {t("employers.contacts.submit")}
          </Button>
        </div>
      </Form>
    </div>
  );
}
