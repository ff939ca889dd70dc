import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { type Localized, inLanguage } from "~/domain/document-types";

/** What the back-office layout's loader carries of the document types: each one's names. */
export type DocumentTypeNames = { key: string; names: Localized }[];

/**
 * A document type's name in the staff member's language, from the back-office layout's data
 * (document types are data, decision record 40); a type it does not know is shown by its key.
 */
export function useDocumentTypeName(): (key: string) => string {
  const { i18n } = useTranslation();
  const layout = useRouteLoaderData<{ documentTypes?: DocumentTypeNames }>("routes/admin/layout");
  const types = layout?.documentTypes ?? [];
  return (key) => {
    const type = types.find((t) => t.key === key);
    return type ? inLanguage(type.names, i18n.language) || key : key;
  };
}
