import { type getFormProps, parse as parseUnchecked, type Submission } from "@conform-to/react";
import { type FormEvent, useCallback, useRef } from "react";
import type { z } from "zod";

type FormProps = ReturnType<typeof getFormProps>;

/**
 * Browser-side validation for a public form whose code (zod and the form's schema, ~25 KB) is
 * fetched only when someone starts filling the form in, so a visitor who only reads the page never
 * downloads it. The action validates with the same schema, so the rules stay in one place.
 *
 * - The schema module starts loading on the form's first focus.
 * - A submit that comes before it has loaded waits for it, then goes through Conform as usual:
 *   a bad form is still stopped in the browser before anything is sent.
 * - Without JavaScript the form simply posts and the action answers with the errors.
 *
 * Usage: `const lazy = useLazyValidation(() => import("~/domain/x").then((m) => m.XSchema))`, then
 * `useForm({ onValidate: lazy.onValidate, … })` and `<Form {...lazy.formProps(getFormProps(form))}>`.
 */
export function useLazyValidation<Schema extends z.ZodType>(loadSchema: () => Promise<Schema>) {
  type Parse = (formData: FormData) => Submission<z.output<Schema>>;
  const parse = useRef<Parse | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const loadSchemaRef = useRef(loadSchema);
  loadSchemaRef.current = loadSchema;

  const load = useCallback(() => {
    loading.current ??= Promise.all([import("@conform-to/zod/v4"), loadSchemaRef.current()]).then(
      ([{ parseWithZod }, schema]) => {
        parse.current = (formData) => parseWithZod(formData, { schema }) as ReturnType<Parse>;
      },
    );
    return loading.current;
  }, []);

  // Conform calls this from the submit handler below, which runs once the schema is here. Should
  // it ever run earlier, the form is let through unchecked and the action validates it.
  const onValidate = useCallback(({ formData }: { formData: FormData }): ReturnType<Parse> => {
    if (parse.current) return parse.current(formData);
    return parseUnchecked(formData, { resolve: () => ({ error: null }) }) as ReturnType<Parse>;
  }, []);

  const formProps = useCallback(
    (props: FormProps) => ({
      ...props,
      onFocus: () => void load(),
      onSubmit: (event: FormEvent<HTMLFormElement>) => {
        if (parse.current) {
          props.onSubmit(event);
          return;
        }
        event.preventDefault();
        const form = event.currentTarget;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        void load().then(() => {
          // Conform's own intent buttons (validate on blur) are gone by now: that check is
          // dropped, the next blur or the submit validates. A real submit is replayed as it was.
          if (submitter && !submitter.isConnected) return;
          form.requestSubmit(submitter ?? undefined);
        });
      },
    }),
    [load],
  );

  return { onValidate, formProps };
}
