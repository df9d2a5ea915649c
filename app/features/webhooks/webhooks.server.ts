import { data, redirect } from "react-router";
import {
  createWebhook,
  deleteWebhook,
  getWebhook,
  listDeliveries,
  webhooksWithDeliveryState,
  redeliver,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
  webhookInputSchema,
} from "../../../server/modules/webhooks";
import { orgTimeZone } from "../../../server/modules/organization";
import { formatInstant } from "../../../server/shared/dates";
import { formAction, intent } from "../../lib/forms.server";
import { idParam, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";

type Args = { request: Request; context: LoadContext };
/** The module's policy (webhooksPolicy.manage) asks for settings:write: the organisation's administrators. */
const PERMISSION = "settings:write";
const LIST = "/configuration/webhooks";
const edit = (id: string) => `${LIST}/update/${id}`;
const log = (id: string) => `${LIST}/deliveries/${id}`;

/** "YYYY-MM-DD HH:mm:ss" in the organisation's time zone. */
const stamp = (at: Date | string | null | undefined, timeZone: string): string | null =>
  at ? formatInstant(at, timeZone, { seconds: true }) : null;

export async function webhooksListLoader({ request, context }: Args) {
  const p = requirePermission(context, request, PERMISSION);
  const [rows, timeZone] = await Promise.all([
    webhooksWithDeliveryState(context.app, p),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    webhooks: rows.map((w) => ({
      id: w.id,
      url: w.url,
      description: w.description,
      events: w.events,
      active: w.active,
      failing: w.disabled_reason === "failing",
      failingSince: w.disabled_reason === null ? stamp(w.failing_since, timeZone) : null,
      pending: Number(w.pending_count ?? 0),
      lastStatus: w.last_status ?? null,
      lastAnswer: w.last_response_status ?? null,
      lastAttempt: stamp(w.last_attempt_at, timeZone),
    })),
  };
}

export function addPageLoader({ request, context }: Args) {
  requirePermission(context, request, PERMISSION);
  return null;
}

/** Created: the page answers the secret itself (no redirect), the one time it is shown. */
export async function addWebhookAction({ request, context }: Args) {
  const p = requirePermission(context, request, PERMISSION);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: webhookInputSchema,
        run: async ({ value }) => {
          const w = await createWebhook(context.app, p, value);
          return { ok: true as const, created: { id: w.id, url: w.url, secret: w.secret } };
        },
      }),
    },
  );
}

export async function webhookLoader({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, PERMISSION);
  const id = idParam(rawId);
  const w = await load(() => getWebhook(context.app, p, id));
  return {
    webhook: {
      id: w.id,
      url: w.url,
      description: w.description ?? "",
      events: w.events,
      active: w.active,
      failing: w.disabled_reason === "failing",
      version: String(new Date(w.updated_at).getTime()),
    },
    confirmDelete: new URL(request.url).searchParams.get("delete") === "1",
  };
}

type WebhookAnswer = Response | { ok: true; rotated: { secret: string } };

export async function webhookAction({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, PERMISSION);
  const id = idParam(rawId);
  return formAction<WebhookAnswer>(
    { request, context },
    {
      save: intent({
        schema: webhookInputSchema,
        run: async ({ value }) => {
          await updateWebhook(context.app, p, id, value);
          return redirect(`${edit(id)}?saved=1`);
        },
      }),
      rotate: intent({
        run: async () => {
          const w = await rotateWebhookSecret(context.app, p, id);
          return { ok: true as const, rotated: { secret: w.secret } };
        },
      }),
      test: intent({
        run: async () => {
          await sendTestEvent(context.app, p, id);
          return redirect(`${log(id)}?tested=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await deleteWebhook(context.app, p, id);
          return redirect(`${LIST}?deleted=1`);
        },
      }),
    },
  );
}

export async function deliveriesLoader({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, PERMISSION);
  const id = idParam(rawId);
  const [webhook, { items }, timeZone] = await Promise.all([
    load(() => getWebhook(context.app, p, id)),
    load(() => listDeliveries(context.app, p, id)),
    orgTimeZone(context.app, p.orgId),
  ]);
  return {
    webhook: { id: webhook.id, url: webhook.url, active: webhook.active },
    deliveries: items.map((d) => ({
      id: d.id,
      eventType: d.event_type,
      status: d.status,
      attempts: d.attempts,
      answer: d.response_status,
      error: d.error,
      time: stamp(d.last_attempt_at ?? d.created_at, timeZone),
      next: d.status === "pending" && d.attempts > 0 ? stamp(d.next_attempt_at, timeZone) : null,
    })),
  };
}

export async function deliveriesAction({ request, context }: Args, rawId: string | undefined) {
  const p = requirePermission(context, request, PERMISSION);
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      redeliver: intent({
        run: async ({ form }) => {
          const deliveryId = String(form.get("delivery") ?? "");
          if (!deliveryId) throw data({ error: "NOT_FOUND" }, { status: 404 });
          await redeliver(context.app, p, id, deliveryId);
          return redirect(`${log(id)}?redelivered=1`);
        },
      }),
    },
  );
}
