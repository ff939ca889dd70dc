import { z } from "zod";
import { ALERT_FREQUENCIES } from "./enums";
import { emailAddress } from "./text-fields";

export const ALERT_NAME_MAX = 80;

const name = z
  .string("alerts.errors.name")
  .trim()
  .min(1, "alerts.errors.name")
  .max(ALERT_NAME_MAX, "alerts.errors.nameLong");
const frequency = z.enum(ALERT_FREQUENCIES, "alerts.errors.frequency");
const id = z.uuid("alerts.errors.notFound");

/**
 * The alerts page's forms: `create` (from a /jobs search: the search's own fields come with it and
 * are read by parseJobSearch), `update` (name and frequency), `pause`, `resume`, `delete`.
 */
export const AlertActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), name, frequency }),
  z.object({ intent: z.literal("update"), id, name, frequency }),
  z.object({ intent: z.enum(["pause", "resume", "delete"]), id }),
]);
export type AlertAction = z.infer<typeof AlertActionSchema>;

/** How long a visitor's alert waits for its confirmation link; unconfirmed, it is then deleted. */
export const VISITOR_ALERT_CONFIRM_DAYS = 7;

/**
 * A visitor's alert from a /jobs search (the search's own fields come with it): where to send it,
 * and `website`, a field people never see (a bot that fills it is answered as if it worked).
 */
export const VisitorAlertSchema = z.object({
  name,
  frequency,
  email: emailAddress("alerts.errors.email", "alerts.errors.email"),
  website: z.string().optional(),
});
export type VisitorAlert = z.infer<typeof VisitorAlertSchema>;
