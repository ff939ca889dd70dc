import { useCallback } from "react";
import {
  Form as RouterForm,
  type FormProps,
  Link as RouterLink,
  type LinkProps,
  NavLink as RouterNavLink,
  type NavLinkProps,
} from "react-router";
import { localizePath } from "~/domain/languages";
import { useRootLocale } from "~/app/lib/root-data";

/**
 * Links and forms that stay in the page's language: a site-relative address of a public page
 * (`/jobs?page=2`) becomes that language's address (`/fr/jobs?page=2`); the dashboard, the
 * back-office and other sites are left alone (decision record 21). Drop-in for React Router's.
 */
export function useLocalizePath() {
  const lng = useRootLocale();
  return useCallback((to: string) => localizePath(to, lng), [lng]);
}

export function Link({ to, ...props }: LinkProps) {
  const localize = useLocalizePath();
  return <RouterLink to={typeof to === "string" ? localize(to) : to} {...props} />;
}

export function NavLink({ to, ...props }: NavLinkProps) {
  const localize = useLocalizePath();
  return <RouterNavLink to={typeof to === "string" ? localize(to) : to} {...props} />;
}

export function Form({ action, ...props }: FormProps) {
  const localize = useLocalizePath();
  return <RouterForm action={action === undefined ? action : localize(action)} {...props} />;
}
