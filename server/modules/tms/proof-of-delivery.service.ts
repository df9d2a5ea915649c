import { z } from "zod";
import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { madeAt } from "../route-planning";
import { optionalNumber } from "../shared/form-values";
import { checkPhoto, type UploadedPhoto } from "../shared/photo";
import { mediaStore } from "../video";
import { ordersRepo } from "./orders.repo";
import { finishOrderIn } from "./orders.service";
import { proofRepo } from "./proof-of-delivery.repo";
import { toProofDto } from "./tms.mapper";

export const RECIPIENT_MAX = 120;

export interface ProofInput {
  recipient_name: string | null;
  latitude: string | number | null;
  longitude: string | number | null;
  photo: UploadedPhoto | null;
  /** the time the phone made the proof (queued offline); absent: now. Bounds: route-planning/made-at.ts */
  made_at?: string | null;
}

// the phone's position, when it gave one: blank is none; a boolean or text that is no number is refused (never 1 or 0)
const positionSchema = z.object({ latitude: optionalNumber(-90, 90), longitude: optionalNumber(-180, 180) });

/** The planner (tms:write) or the driver of the order's truck; anyone else is NOT_YOUR_ORDER. */
async function deliverableOrder(ctx: AppContext, p: Principal, orderId: string) {
  const order = await ordersRepo.findById(ctx.db, p.orgId, orderId);
  if (!order) throw notFound("order");
  const driver = await proofRepo.truckDriver(ctx.db, p.orgId, order.vehicle_id);
  if (!p.permissions.has("tms:write") && driver !== p.userId)
    throw new AppError("NOT_YOUR_ORDER", "This order is not on your truck");
  return order;
}

/** The order as the driver's delivery page shows it, with its proof (the DTO) when there is one. */
export async function deliveryView(ctx: AppContext, p: Principal, orderId: string) {
  const order = await deliverableOrder(ctx, p, orderId);
  const proof = await proofRepo.find(ctx.db, p.orgId, orderId);
  return { order, proof: proof ? toProofDto(orderId, proof) : null };
}

/** The order's proof of delivery (NOT_FOUND until there is one), for the driver of its truck or a planner. */
export async function getProof(ctx: AppContext, p: Principal, orderId: string) {
  const { proof } = await deliveryView(ctx, p, orderId);
  if (!proof) throw new AppError("NOT_FOUND", "No proof of delivery yet");
  return proof;
}

/**
 * Proof of delivery: the recipient's name (required, at most 120 characters) and a photo (required; JPEG, PNG or
 * WebP within UPLOAD_MAX_IMAGE_BYTES), with the phone's position when it gave one. Only a started or finished
 * order (a PENDING one is not on its way: ORDER_TRANSITION_INVALID), once (PROOF_OF_DELIVERY_EXISTS). A STARTED
 * order is finished by the driver with it, in the same transaction.
 */
export async function recordProof(ctx: AppContext, p: Principal, orderId: string, input: ProofInput) {
  await deliverableOrder(ctx, p, orderId);
  const deliveredAt = madeAt(input.made_at);
  const recipient = input.recipient_name?.trim() ?? "";
  if (!recipient) throw new AppError("RECIPIENT_REQUIRED", "The recipient's name", { field: "recipient_name" });
  if (recipient.length > RECIPIENT_MAX)
    throw new AppError("VALIDATION", "At most 120 characters", { field: "recipient_name" });
  const position = positionSchema.parse({ latitude: input.latitude, longitude: input.longitude });
  if ((position.latitude === null) !== (position.longitude === null))
    throw new AppError("VALIDATION", "Both coordinates or none", { field: "latitude" });
  if (!input.photo) throw new AppError("PHOTO_REQUIRED", "A photo of the delivery", { field: "photo" });
  const photo = checkPhoto(ctx.config, input.photo, "photo");
  const store = mediaStore(ctx.config);
  const key = `${p.orgId}/pod/${orderId}.${photo.ext}`;
  return ctx.db.transaction().execute(async (trx) => {
    const order = await ordersRepo.lock(trx, p.orgId, orderId);
    if (!order) throw notFound("order");
    if (order.status === "PENDING")
      throw new AppError("ORDER_TRANSITION_INVALID", "The order has not started", { from: order.status });
    const inserted = await proofRepo.insert(trx, {
      order_id: orderId,
      org_id: p.orgId,
      recipient_name: recipient,
      photo_key: key,
      photo_type: photo.type,
      photo_bytes: photo.data.length,
      latitude: position.latitude ?? null,
      longitude: position.longitude ?? null,
      recorded_by: p.userId,
      delivered_at: deliveredAt,
    });
    if (!inserted) throw new AppError("PROOF_OF_DELIVERY_EXISTS", "The delivery is proven already");
    // written inside the transaction: a failed write rolls the proof back; a failed commit leaves a file that the
    // next attempt of the same order overwrites (the key is the order's)
    await store.write(key, photo.data);
    if (order.status === "STARTED") await finishOrderIn(trx, p.orgId, orderId, "driver", p);
    await audit.record(trx, p, {
      entity: "tms_order",
      id: orderId,
      action: "proof_of_delivery",
      after: { recipient_name: recipient, ...position },
    });
    const proof = await proofRepo.find(trx, p.orgId, orderId);
    if (!proof) throw new Error("proof of delivery not stored");
    return toProofDto(orderId, proof);
  });
}

/** The proof's photo: for whoever reads orders (tms:read) and for the truck's driver. */
export async function proofPhoto(ctx: AppContext, p: Principal, orderId: string) {
  const order = await ordersRepo.findById(ctx.db, p.orgId, orderId);
  if (!order) throw notFound("order");
  if (!p.permissions.has("tms:read") && (await proofRepo.truckDriver(ctx.db, p.orgId, order.vehicle_id)) !== p.userId)
    throw new AppError("NOT_YOUR_ORDER", "This order is not on your truck");
  const proof = await proofRepo.find(ctx.db, p.orgId, orderId);
  if (!proof) throw notFound("proof of delivery");
  return { type: proof.photo_type, stream: mediaStore(ctx.config).read(proof.photo_key) };
}

/** An order's proof for its details page (tms:read is checked by the page's own loader). */
export function findProof(ctx: AppContext, orgId: string, orderId: string) {
  return proofRepo.find(ctx.db, orgId, orderId);
}
