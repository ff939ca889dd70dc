import { actionFailed } from "~/app/lib/action-result";
import { requireStaff, type Viewer } from "~/server/auth/guards.server";

/** What each intent handler of a back-office screen gets from the route's action. */
export type StaffIntent = { request: Request; viewer: Viewer; formData: FormData; intent: string };

type Handlers = Record<string, (args: StaffIntent) => unknown>;

/**
 * A back-office screen's action: checks that a staff member is posting, reads the form and runs
 * the handler of its `intent`; an intent the screen does not know answers 400 with `unknown` (a
 * translation key).
 */
export async function runStaffIntent<H extends Handlers>(
  request: Request,
  handlers: H,
  unknown: string,
): Promise<Awaited<ReturnType<H[keyof H]>> | ReturnType<typeof actionFailed>> {
  const viewer = await requireStaff(request);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  if (!Object.hasOwn(handlers, intent)) return actionFailed(intent, unknown, 400);
  return (await handlers[intent]!({ request, viewer, formData, intent })) as Awaited<
    ReturnType<H[keyof H]>
  >;
}
