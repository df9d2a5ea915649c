import { z } from "zod";
import { flag, optionalText, requiredText } from "../shared/form-values";

export const FORWARDING_KINDS = ["http", "mqtt"] as const;
export type ForwardingKind = (typeof FORWARDING_KINDS)[number];

const SCHEMES: Record<ForwardingKind, readonly string[]> = {
  http: ["http:", "https:"],
  mqtt: ["mqtt:", "mqtts:"],
};

/** The URL's scheme fits the kind: http(s):// for HTTP batches, mqtt(s):// for an MQTT broker. */
export function urlFitsKind(url: string, kind: ForwardingKind): boolean {
  try {
    const u = new URL(url);
    return SCHEMES[kind].includes(u.protocol) && Boolean(u.hostname);
  } catch {
    return false;
  }
}

/**
 * A forwarding target as the form and `/api/forwarding` send it. `secret` left empty: a new target gets a random
 * one, an existing target keeps its own. `active` is a select in the form ("true"/"false"); absent means active.
 */
export const forwardingTargetInputSchema = z
  .object({
    name: requiredText(80),
    kind: z.enum(FORWARDING_KINDS, { error: "errors.required" }),
    url: requiredText(500),
    topic: optionalText(200),
    secret: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : typeof v === "string" ? v.trim() : v),
      z.string().min(16, "errors.forwardingSecret").max(200, "errors.tooLong").nullable().optional(),
    ),
    active: flag(true),
  })
  .superRefine((v, c) => {
    if (!urlFitsKind(v.url, v.kind)) c.addIssue({ code: "custom", path: ["url"], message: "errors.forwardingUrl" });
    if (v.kind === "mqtt" && !v.topic) c.addIssue({ code: "custom", path: ["topic"], message: "errors.required" });
    if (v.kind === "mqtt" && v.topic && /[+#]/.test(v.topic))
      c.addIssue({ code: "custom", path: ["topic"], message: "errors.forwardingTopic" });
  });
export type ForwardingTargetInput = z.infer<typeof forwardingTargetInputSchema>;
