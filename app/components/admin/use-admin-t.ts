import { useTranslation } from "react-i18next";

type LooseT = (key: string, options?: Record<string, unknown>) => string;

/**
 * The admin screens build many keys from data (statuses, sectors, actions); a loose `t` keeps
 * those readable. `t` reads the admin namespace, `tc` the common one (labels, roles).
 */
export function useAdminT() {
  const admin = useTranslation("admin");
  const common = useTranslation();
  return {
    t: admin.t as unknown as LooseT,
    tc: common.t as unknown as LooseT,
    lang: admin.i18n.language,
  };
}
