import { actionFailed } from "~/app/lib/action-result";

// The one way to write an action (decision record 45). A screen's forms each post an `intent`;
// the route's action is
//
//   export const action = ({ request }: Route.ActionArgs) =>
//     runIntent(request, requireStaff, { create: saveJob, delete: removeJob });
//
// which checks who is posting with the guard (every action checks on the server), reads the form
// once, and runs the handler of its intent. A handler (beside the route, in <screen>.server.ts
// when it is more than a few lines) parses its fields with the domain's zod schema (Conform's
// parseWithZod for a form that shows field errors), calls a service, and answers with a redirect
// (redirectDone) or an action result (app/lib/action-result.ts). A screen of one form names it as
// `main`, so a post without an intent (that form, or a page from before the intent existed) runs it.

/** What a handler of one intent gets: the request, who is posting (as the guard gave them), the form. */
export type IntentArgs<V> = { request: Request; viewer: V; formData: FormData; intent: string };

type Handlers<V> = Record<string, (args: IntentArgs<V>) => unknown>;

export async function runIntent<V, H extends Handlers<V>>(
  request: Request,
  guard: (request: Request) => Promise<V>,
  handlers: H,
  options: {
    /** The translation key an unknown intent answers (400) with. */
    unknown?: string;
    /** The handler of a post without an intent: the screen's main form. */
    main?: keyof H & string;
  } = {},
): Promise<Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof actionFailed>> {
  const viewer = await guard(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "") || options.main || "";
  if (!Object.hasOwn(handlers, intent)) {
    return actionFailed(intent, options.unknown ?? "errors.unknownAction", 400);
  }
  return (await handlers[intent]!({ request, viewer, formData, intent })) as Awaited<
    ReturnType<H[keyof H]>
  >;
}
