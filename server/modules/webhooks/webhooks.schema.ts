import { z } from "zod";
import { EVENT_TYPES } from "../../shared/event-types";
import { checkbox, optionalText, toList } from "../shared/form-values";

/** A webhook as the form and the API write it; the URL's reachability is checked by the service (url-guard). */
export const webhookInputSchema = z.object({
  url: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: "errors.required" }).min(1, "errors.required").max(2000, "errors.tooLong"),
  ),
  description: optionalText(200),
  events: z.preprocess(
    toList,
    z.array(z.enum(EVENT_TYPES, { error: "errors.invalid" })).min(1, "webhooks:errors.eventsRequired"),
  ),
  active: checkbox(),
});
export type WebhookInput = z.infer<typeof webhookInputSchema>;

/** The API accepts `active` as a JSON boolean and defaults it to true (the form's unticked box is false). */
export const webhookApiInputSchema = webhookInputSchema.extend({
  active: z.boolean().default(true),
});

export const deliveryStatusSchema = z.enum(["pending", "delivered", "failed"]);

export const deliveryListQuerySchema = z.object({
  status: deliveryStatusSchema.optional(),
});
