import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { PencilIcon, PlusIcon, Trash2Icon } from "lucide-react";
import type { ComponentType, ReactNode } from "react";
import { Form, Link, useActionData, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { Flash } from "~/app/components/flash";
import { Pager } from "~/app/components/pager";
import { SelectOptions } from "~/app/components/select-options";
import { ListTable } from "./data-table";
import { type FieldEntry, FormFields } from "./form-fields";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { FormErrors } from "~/app/components/ui/field";
import { type ActionResult, resultFor } from "~/app/lib/action-result";
import type { Page } from "~/domain/pagination";
import { UrlDialog } from "./url-dialog";
import { useAdminT } from "./use-admin-t";

/*
 * The pieces of a back-office catalogue screen (jobs, study programs): a paged list of rows a
 * staff member adds (?new=1), edits (?edit=<id>) and removes (?delete=<id>) in dialogs whose state
 * lives in the URL, and whose forms post an `intent` with the row's id.
 */

/** The URL parameters of the screen's dialogs and confirmations, dropped when another opens. */
const DIALOG_PARAMS = ["new", "edit", "delete", "done"];

/**
 * The screen below its stat cards: heading and add button, optional filters, the form and delete
 * dialogs, the table and the pager. `keys` prefixes the "admin" strings (`<keys>.listTitle`,
 * `.add`, `.form.addTitle`, `.form.editTitle`, `.delete.title`, `.delete.confirm`); a row
 * `editable` refuses (archived) has neither dialog.
 */
export function CatalogueList<T extends { id: string }>({
  keys,
  page,
  editable = () => true,
  filters,
  form: RowForm,
  countries,
  remove,
  table,
}: {
  keys: string;
  page: Page<T>;
  editable?: (row: T) => boolean;
  filters?: ReactNode;
  /** The add/edit form, given the row being edited and `countries`. */
  form: ComponentType<CatalogueFormProps<T>>;
  countries: { id: number; name: string }[];
  remove: (row: T) => ReactNode;
  table: ReactNode;
}) {
  const { t } = useAdminT();
  const [params] = useSearchParams();
  const find = (id: string | null) =>
    id ? page.items.find((row) => row.id === id && editable(row)) : undefined;
  const editing = find(params.get("edit"));
  const deleting = find(params.get("delete"));
  const creating = params.get("new") === "1";
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{t(`${keys}.listTitle`)}</h2>
        <Link to="?new=1" preventScrollReset className={buttonVariants({ variant: "accent" })}>
          <PlusIcon aria-hidden />
          {t(`${keys}.add`)}
        </Link>
      </div>
      {filters}
      {creating || editing ? (
        <UrlDialog
          param={["new", "edit"]}
          title={editing ? t(`${keys}.form.editTitle`) : t(`${keys}.form.addTitle`)}
          wide
        >
          <RowForm key={editing?.id ?? "new"} row={editing} countries={countries} />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog
          param="delete"
          title={t(`${keys}.delete.title`)}
          description={t(`${keys}.delete.confirm`)}
        >
          {remove(deleting)}
        </UrlDialog>
      ) : null}
      {table}
      <Pager page={page} withTotal drop={DIALOG_PARAMS} />
    </>
  );
}

/**
 * The rows of this page as a table (stacked cards on a phone), or the empty state: the headers
 * are `<keys>.cols.<column>` and a hidden "actions" header, the empty note `<keys>.empty`.
 */
export function CatalogueTable<T>({
  keys,
  columns,
  rows,
  children,
}: {
  keys: string;
  columns: readonly string[];
  rows: T[];
  children: (row: T) => ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <ListTable
      columns={[
        ...columns.map((c) => t(`${keys}.cols.${c}`)),
        <span key="actions" className="sr-only">
          {t(`${keys}.cols.actions`)}
        </span>,
      ]}
      rows={rows}
      empty={t(`${keys}.empty`)}
    >
      {children}
    </ListTable>
  );
}

/** Cancel (closes the dialog) and the submit button, at the foot of a dialog's form. */
function DialogButtons({
  busy,
  destructive,
  children,
}: {
  busy: boolean;
  destructive?: boolean;
  children: ReactNode;
}) {
  const { t } = useAdminT();
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Link to="?" className={buttonVariants({ variant: "outline" })}>
        {t("actions.cancel")}
      </Link>
      <Button type="submit" variant={destructive ? "destructive" : undefined} disabled={busy}>
        {children}
      </Button>
    </div>
  );
}

/**
 * The add/edit form of a row (intent "create" / "update", the row's id in `<name>Id`), validated
 * in the browser with the same schema as the action; its button says `<keys>.form.create` or
 * `.update`. `fields` is the table of its fields (./form-fields), labelled `<keys>.form.<name>`.
 * The page action's answer to "create" or "update" shows on its fields.
 */
export function CatalogueForm<Input extends Record<string, unknown>, Output>({
  name,
  keys,
  row,
  schema,
  defaultValue,
  fields: entries,
}: {
  name: string;
  keys: string;
  row: { id: string; version?: number } | undefined;
  schema: z.ZodType<Output, Input>;
  defaultValue: Record<string, unknown>;
  fields: readonly FieldEntry<keyof Input & string>[];
}) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" &&
    ["create", "update"].includes(String(navigation.formData?.get("intent")));
  const answer = useActionData<ActionResult>();
  const lastResult = resultFor(answer, "create", "update");
  // A save refused as stale is told in the dialog it was made in (decision record 37).
  const stale = answer?.intent === "update" && answer.flash?.stale ? answer.flash : null;
  const [form, fields] = useForm<Input, Output>({
    id: `${name}-${row?.id ?? "new"}`,
    lastResult,
    // A checkbox group's default is a list where the schema's input type says one string.
    defaultValue: defaultValue as Parameters<typeof useForm<Input, Output>>[0]["defaultValue"],
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" preventScrollReset>
      <input type="hidden" name="intent" value={row ? "update" : "create"} />
      {row ? <input type="hidden" name={`${name}Id`} value={row.id} /> : null}
      {/* The version it was opened on: a save over a newer one is refused (decision record 37). */}
      {row?.version ? <input type="hidden" name="version" value={row.version} /> : null}
      <Flash flash={stale} className="" />
      <FormErrors errors={form.errors} ns="admin" className="mb-4" />
      <FormFields
        fields={fields}
        ns="admin"
        labelOf={(field) => t(`${keys}.form.${field}`)}
        specs={entries}
      />
      <DialogButtons busy={busy}>{t(`${keys}.form.${row ? "update" : "create"}`)}</DialogButtons>
    </Form>
  );
}

/**
 * The ?delete=<id> dialog's form: a row with applications is archived rather than deleted, and
 * the dialog says so (`<keys>.delete.archiveNote`, `.archiveButton`, else `.button`).
 */
export function RemoveRowForm({
  keys,
  intent,
  idName,
  row,
  version,
}: {
  keys: string;
  intent: string;
  idName: string;
  row: { id: string; title: string; applicationCount: number };
  /** The version the row was shown at, where the screen's removal checks it (decision record 37). */
  version?: number;
}) {
  const { t } = useAdminT();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const archive = row.applicationCount > 0;
  // A removal refused as stale is told in its dialog (decision record 37).
  const answer = useActionData<ActionResult>();
  const stale = answer?.intent === intent && answer.flash?.stale ? answer.flash : null;
  return (
    <Form method="post" className="grid gap-4">
      <Flash flash={stale} className="" />
      <p className="font-medium">{row.title}</p>
      {archive ? (
        <p className="text-sm text-amber-900" data-testid="archive-note">
          {t(`${keys}.delete.archiveNote`, { count: row.applicationCount })}
        </p>
      ) : null}
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={row.id} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <DialogButtons busy={busy} destructive>
        {archive ? t(`${keys}.delete.archiveButton`) : t(`${keys}.delete.button`)}
      </DialogButtons>
    </Form>
  );
}

/** A one-button form posting `intent` for one row (a badge that switches a flag, restore). */
export function RowIntentButton({
  idName,
  rowId,
  version,
  intent,
  label,
  children,
}: {
  idName: string;
  rowId: string;
  /** The version the row was shown at, where the screen checks it (decision record 37). */
  version?: number;
  intent: string;
  label: string;
  children: ReactNode;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formData?.get(idName) === rowId &&
    navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name={idName} value={rowId} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <button type="submit" aria-label={label} disabled={busy} className="rounded-full">
        {children}
      </button>
    </Form>
  );
}

/**
 * A row's edit and delete links, opening the screen's dialogs for it; each named for screen
 * readers by its admin string (`edit`, `remove`) with the row's title.
 */
export function RowEditLinks({
  row,
  edit,
  remove,
}: {
  row: { id: string; title: string };
  edit: string;
  remove: string;
}) {
  const { t } = useAdminT();
  const rowId = row.id;
  const editLabel = t(edit, { title: row.title });
  const deleteLabel = t(remove, { title: row.title });
  const [params] = useSearchParams();
  const opening = (key: string) => {
    const next = new URLSearchParams(params);
    for (const k of DIALOG_PARAMS) next.delete(k);
    next.set(key, rowId);
    return `?${next.toString()}`;
  };
  const links = [
    ["edit", editLabel, PencilIcon, "ghost"],
    ["delete", deleteLabel, Trash2Icon, "ghostDanger"],
  ] as const;
  return (
    <div className="flex gap-1">
      {links.map(([key, label, Icon, variant]) => (
        <Link
          key={key}
          to={opening(key)}
          preventScrollReset
          className={buttonVariants({ variant, size: "sm" })}
          aria-label={label}
        >
          <Icon aria-hidden />
          <span className="md:sr-only">{t(`actions.${key}`)}</span>
        </Link>
      ))}
    </div>
  );
}

/** What a catalogue's add/edit form gets: its row (none when adding) and the countries. */
export type CatalogueFormProps<Row> = {
  row?: Row;
  countries: { id: number; name: string }[];
};

/** A select's first option, the empty value, saying `empty` ("not set", "choose"). */
function EmptyOption({ empty }: { empty: string | undefined }) {
  return empty === undefined ? null : <option value="">{empty}</option>;
}

/**
 * A select's options for one of the enums, labelled by the common `labels.<group>.<value>`,
 * after the empty option when `empty` names it.
 */
export function LabelledOptions({
  values,
  group,
  empty,
}: {
  values: readonly string[];
  group: string;
  empty?: string;
}) {
  const { tc } = useAdminT();
  return (
    <>
      <EmptyOption empty={empty} />
      <SelectOptions
        options={values.map((value) => ({ value, label: tc(`labels.${group}.${value}`) }))}
      />
    </>
  );
}

/** The countries a job or a program can be in, as a select's options (after `empty`'s). */
export function CountryOptions({
  countries,
  empty,
}: {
  countries: { id: number; name: string }[];
  empty?: string;
}) {
  return (
    <>
      <EmptyOption empty={empty} />
      {countries.map((c) => (
        <option key={c.id} value={String(c.id)}>
          {c.name}
        </option>
      ))}
    </>
  );
}
