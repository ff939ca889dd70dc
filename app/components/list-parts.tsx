import { type ReactNode, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Form, Link } from "~/app/components/localized";
import { Button, buttonVariants } from "~/app/components/ui/button";
import { Input, Label, NativeSelect } from "~/app/components/ui/input";
import { SelectOptions } from "~/app/components/select-options";
import { Card } from "~/app/components/ui/card";
import { Flash } from "~/app/components/flash";
import type { ActionResult } from "~/app/lib/action-result";
import { useHydrated } from "~/app/lib/use-hydrated";
import { numberFormatter } from "~/domain/format";

// Small pieces the inquiry and message lists share: count cards, the search and status filter.

export function CountCard({
  label,
  value,
  icon,
}: {
  label: string;
  value: number;
  icon: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Card className="flex items-center gap-4 p-4">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary-50 text-primary-700 [&_svg]:size-5">
        {icon}
      </span>
      <div className="min-w-0">
        <p className="text-sm text-slate-600">{label}</p>
        <p className="text-2xl font-bold text-slate-900">
          {numberFormatter(i18n.language).format(value)}
        </p>
      </div>
    </Card>
  );
}

/** The search box and status filter above a list; a GET form, so it works before JavaScript. */
export function SearchStatusFilter({
  idPrefix,
  q,
  status,
  statuses,
  labels,
}: {
  idPrefix: string;
  q: string;
  status: string;
  statuses: { value: string; label: string }[];
  labels: {
    form: string;
    search: string;
    placeholder: string;
    status: string;
    all: string;
    apply: string;
    clear: string;
  };
}) {
  return (
    <Form
      method="get"
      className="grid gap-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end"
      aria-label={labels.form}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-q`}>{labels.search}</Label>
        <Input
          id={`${idPrefix}-q`}
          name="q"
          type="search"
          defaultValue={q}
          placeholder={labels.placeholder}
        />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${idPrefix}-status`}>{labels.status}</Label>
        <NativeSelect id={`${idPrefix}-status`} name="status" defaultValue={status}>
          <option value="">{labels.all}</option>
          <SelectOptions options={statuses} />
        </NativeSelect>
      </div>
      <div className="flex gap-2">
        <Button type="submit">{labels.apply}</Button>
        {q || status ? (
          <Link to="?" className={buttonVariants({ variant: "ghost" })}>
            {labels.clear}
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

/**
 * A row's status dropdown that saves in place. A mouse or touch pick saves at once; arrowing
 * through a closed select with the keyboard changes the value on every key, so keyboard users
 * (and everyone before JavaScript loads) confirm with the Save button instead. The action answers
 * the one ActionResult; its flash shows beside the select.
 */
export function FetcherStatusSelect({
  id,
  status,
  statuses,
  label,
  saveLabel,
  intent,
  selectClassName,
  okMessageClassName,
  translateMessage,
  version,
}: {
  id: string;
  status: string;
  statuses: { value: string; label: string }[];
  label: string;
  saveLabel: string;
  /** Sent as `intent` when the page's action serves several forms. */
  intent?: string;
  selectClassName?: string;
  okMessageClassName: string;
  translateMessage: (key: string) => string;
  /** The record's version as shown: a change on an older one is refused (decision record 37). */
  version?: number;
}) {
  const fetcher = useFetcher<Pick<ActionResult, "flash">>();
  const flash = fetcher.data?.flash;
  const hydrated = useHydrated();
  const [choice, setChoice] = useState(status);
  useEffect(() => setChoice(status), [status]);
  const pointer = useRef(false);
  const saving = fetcher.state !== "idle";
  return (
    <fetcher.Form method="post" className="flex flex-wrap items-center gap-2">
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      <input type="hidden" name="id" value={id} />
      {version ? <input type="hidden" name="version" value={version} /> : null}
      <NativeSelect
        name="status"
        aria-label={label}
        value={choice}
        onPointerDown={() => (pointer.current = true)}
        onKeyDown={() => (pointer.current = false)}
        onChange={(e) => {
          setChoice(e.currentTarget.value);
          if (pointer.current) fetcher.submit(e.currentTarget.form);
        }}
        compact
        className={selectClassName}
      >
        <SelectOptions options={statuses} />
      </NativeSelect>
      {!hydrated || (choice !== status && !saving) ? (
        <Button type="submit" size="sm" variant="outline">
          {saveLabel}
        </Button>
      ) : null}
      {flash?.stale ? (
        // Changed by someone else since the list was read: who, when, and its status now.
        <div className="basis-full">
          <Flash flash={flash} className="" />
        </div>
      ) : flash ? (
        <span role="status" className={flash.ok ? okMessageClassName : "text-sm text-red-700"}>
          {translateMessage(flash.message)}
        </span>
      ) : null}
    </fetcher.Form>
  );
}
