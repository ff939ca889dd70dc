import type { FieldMetadata } from "@conform-to/react";
import type * as React from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "~/app/components/ui/card";
import { FormInput } from "~/app/components/ui/field";

// The pieces the sign-in, sign-up, forgot-password and reset-password screens share.

/** The narrow column an account screen sits in. */
export function AuthColumn({ children }: { children: React.ReactNode }) {
  return <div className="mx-auto grid max-w-md gap-4 px-4 py-10">{children}</div>;
}

/**
 * A card with the screen's heading (its one `h1`) and a line under it; what it holds is laid out
 * one piece under the other.
 */
export function AuthCard({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: React.ReactNode;
}) {
  return (
    <Card>
      <CardHeader>
        <h1 className="text-xl font-semibold text-slate-900">{title}</h1>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">{children}</CardContent>
    </Card>
  );
}

type Field = FieldMetadata<string | undefined>;

/** A field of an account screen: each is required, and its errors are keys of the auth strings. */
function AuthInput(props: Omit<React.ComponentProps<typeof FormInput>, "ns" | "required">) {
  return <FormInput ns="auth" required {...props} />;
}

export function EmailField({ field }: { field: Field }) {
  const { t } = useTranslation("auth");
  return <AuthInput field={field} type="email" label={t("fields.email")} autoComplete="email" />;
}

/** A new password and its confirmation (sign-up, reset), with the screen's own labels. */
export function NewPasswordFields({
  password,
  confirmPassword,
  labels,
}: {
  password: Field;
  confirmPassword: Field;
  labels: { password: string; confirmPassword: string };
}) {
  const { t } = useTranslation("auth");
  return (
    <>
      <AuthInput
        field={password}
        type="password"
        label={labels.password}
        hint={t("fields.passwordHint")}
        autoComplete="new-password"
        minLength={8}
      />
      <AuthInput
        field={confirmPassword}
        type="password"
        label={labels.confirmPassword}
        autoComplete="new-password"
      />
    </>
  );
}

/** The form's submit button, which says it is working while its post is on its way. */
export function SubmitButton({
  busy,
  label,
  busyLabel,
  variant,
}: {
  busy: boolean;
  label: string;
  busyLabel: string;
  variant?: "accent";
}) {
  return (
    <Button type="submit" variant={variant} disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}
