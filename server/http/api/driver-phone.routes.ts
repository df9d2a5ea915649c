import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import { pushService as push } from "../../modules/push";
import { formPhoto } from "../../modules/shared/photo";
import { getProof, recordProof } from "../../modules/tms";
import * as checks from "../../modules/vehicle-checks";
import { authed, param } from "./api-kit";
import { readMultipart } from "./multipart";

/** Refuses a body far larger than its photos may be before it is read into memory (PAYLOAD_TOO_LARGE). */
function assertBodySize(ctx: AppContext, req: Request, photos: number) {
  const length = Number(req.get("content-length") ?? 0);
  if (length > photos * ctx.config.UPLOAD_MAX_IMAGE_BYTES + 256 * 1024)
    throw new AppError("PAYLOAD_TOO_LARGE", "The upload is too large");
}

/** A multipart body as sent, or the fields express already parsed (urlencoded, JSON) as the same FormData. */
async function formOf(req: Request): Promise<FormData> {
  if (req.is("multipart/form-data")) return readMultipart(req);
  const form = new FormData();
  for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, unknown>))
    if (v !== null && v !== undefined && typeof v !== "object") form.append(k, String(v));
  return form;
}

/**
 * The phone's endpoints of issue 27 (docs/driver-app.md): Web Push subscriptions, the vehicle check, proof of
 * delivery. Every one is a phone endpoint (server/http/phone-endpoints.ts): web-only accounts are refused.
 */
export function driverPhoneRoutes(ctx: AppContext) {
  const r = Router();

  r.get(
    "/api/push/public-key",
    authed(ctx, async () => ({ publicKey: await push.publicKey(ctx) })),
  );
  r.post(
    "/api/push/subscriptions",
    authed(ctx, async (req, res, p) => {
      const row = await push.subscribe(ctx, p, req.body, req.get("user-agent") ?? null);
      res.status(201).json({ id: row.id, endpoint: row.endpoint, createdAt: row.created_at.toISOString() });
    }),
  );
  r.delete(
    "/api/push/subscriptions",
    authed(ctx, (req, _s, p) => push.unsubscribe(ctx, p, req.body)),
  );

  r.get(
    "/api/vehicle-checks",
    authed(ctx, async (_req, _s, p) => {
      const [items, vehicles, today] = await Promise.all([
        checks.checklist(ctx, p.orgId),
        checks.checkableVehicles(ctx, p),
        checks.myChecksToday(ctx, p),
      ]);
      return {
        items: items.map((i) => ({ key: i.key, name: checks.itemName(p.language, i), photo: i.photo })),
        ownVehicleId: vehicles.own,
        checkedToday: today.map((c) => ({
          id: c.id,
          vehicleId: c.vehicle_id,
          registration: c.registration,
          passed: c.passed,
          createdAt: c.created_at.toISOString(),
        })),
      };
    }),
  );
  r.post(
    "/api/vehicle-checks",
    authed(ctx, async (req, res, p) => {
      assertBodySize(ctx, req, checks.MAX_CHECK_ITEMS);
      const input = await checks.checkSubmissionFromForm(ctx, p.orgId, await formOf(req));
      const c = await checks.submitCheck(ctx, p, input);
      res.status(201).json({
        id: c.id,
        vehicleId: c.vehicle_id,
        day: c.day,
        passed: c.passed,
        items: c.items.map((i) => ({
          key: i.item_id,
          name: checks.itemName(p.language, i),
          ok: i.ok,
          note: i.note,
          photo: i.photo_key !== null,
          reminderId: i.reminder_id,
        })),
      });
    }),
  );

  r.get(
    "/api/tms/orders/:id/proof-of-delivery",
    authed(ctx, async (req, _s, p) => getProof(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/tms/orders/:id/proof-of-delivery",
    authed(ctx, async (req, res, p) => {
      const id = param(req, "id");
      assertBodySize(ctx, req, 1);
      const form = await formOf(req);
      const text = (k: string) => (typeof form.get(k) === "string" ? (form.get(k) as string) : null);
      const proof = await recordProof(ctx, p, id, {
        recipient_name: text("recipient_name"),
        latitude: text("latitude"),
        longitude: text("longitude"),
        photo: await formPhoto(form, "photo"),
      });
      res.status(201).json(proof);
    }),
  );
  return r;
}
