import type { ParseKeys } from "i18next";
import { useTranslation } from "react-i18next";
import { Link } from "~/app/components/localized";
import { SERVICE_SLUGS } from "~/domain/services";

/** A link of a site menu or list: its address and its label's key (common strings). */
export type LinkItem = readonly [to: string, label: ParseKeys<"common">];

/** The service pages, each by its name (the site header's menus, the footer). */
export const SERVICE_LINKS: LinkItem[] = SERVICE_SLUGS.map(
  (slug) => [`/services/${slug}`, `services.${slug}`] as const,
);

/** Links each in a list item (the site header's menus, the footer's lists). */
export function LinkItems({ links, className }: { links: readonly LinkItem[]; className: string }) {
  const { t } = useTranslation();
  return links.map(([to, label]) => (
    <li key={to}>
      <Link to={to} className={className}>
        {t(label)}
      </Link>
    </li>
  ));
}
