import { z } from "zod";

const base64url = z.string().regex(/^[A-Za-z0-9_-]+=*$/, "base64url");

/** A PushSubscription as the browser's `subscription.toJSON()` gives it. */
export const subscriptionInputSchema = z.object({
  endpoint: z
    .string()
    .url()
    .max(2000)
    .refine((u) => /^https?:\/\//.test(u), "http(s) URL"),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
});
export type SubscriptionInput = z.infer<typeof subscriptionInputSchema>;

export const unsubscribeInputSchema = z.object({ endpoint: z.string().url().max(2000) });

/** What a driver is told (docs/driver-app.md, "Notifications"). */
export const PUSH_KINDS = ["job_assigned", "job_changed", "booking_reminder", "service_reminder"] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** One notification for one user, as queued; the text is composed in the user's language when it is sent. */
export interface PushNotice {
  orgId: string;
  userId: string;
  kind: PushKind;
  params: Record<string, string>;
  /** the page the notification opens (a path of this installation) */
  url: string;
}
