import { data, redirect } from "react-router";
import { formPhoto } from "../../../server/modules/shared/photo";
import { deliveryView, recordProof } from "../../../server/modules/tms";
import * as checks from "../../../server/modules/vehicle-checks";
import type { Principal } from "../../../server/modules/access/principal";
import { failure } from "../../lib/forms.server";
import { photoResponse } from "../../lib/photo-response.server";
import { idParam, load, readForm, type LoadContext } from "../../lib/route-kit.server";
import { requireDriverApp } from "./driver.server";
import { answerAction, type PageAction } from "./driver-actions.server";

/** Refuses a body far larger than its photos may be before it is read (the same bound as the API's). */
function assertBodySize(request: Request, context: LoadContext, photos: number) {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > photos * context.app.config.UPLOAD_MAX_IMAGE_BYTES + 256 * 1024)
    throw data({ error: "IMAGE_INVALID" }, { status: 413 });
}

/** A refusal with the posted text fields kept, so the page shows them again (photos must be chosen again). */
function refusedWith(intent: string, err: unknown, form: FormData) {
  const answer = failure(intent, err);
  const values: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (typeof v === "string" && k !== "_csrf") values[k] = v;
  answer.data.reply = { ...answer.data.reply, initialValue: values };
  return answer;
}

/** /driver/check: the organisation's checklist, the vehicles to choose from, what the driver checked today. */
export async function checkLoader(context: LoadContext, request: Request) {
  const p = requireDriverApp(context, request);
  const [items, vehicles, today] = await Promise.all([
    checks.checklist(context.app, p.orgId),
    checks.checkableVehicles(context.app, p),
    checks.myChecksToday(context.app, p),
  ]);
  const done = new URL(request.url).searchParams.get("done");
  return {
    items: items.map((i) => ({ key: i.key, name: checks.itemName(p.language, i), photo: i.photo })),
    vehicles: vehicles.vehicles,
    ownVehicleId: vehicles.own,
    today: today.map((c) => ({
      id: c.id,
      registration: c.registration,
      passed: c.passed,
      failed: c.items.filter((i) => !i.ok).length,
      at: c.created_at.toISOString(),
    })),
    justSent: today.find((c) => c.id === done)?.id ?? null,
  };
}

async function submitCheckForm(context: LoadContext, p: Principal, form: FormData) {
  const input = await checks.checkSubmissionFromForm(context.app, p.orgId, form);
  return checks.submitCheck(context.app, p, input);
}

async function submitProofForm(context: LoadContext, p: Principal, id: string, form: FormData) {
  const text = (k: string) => {
    const v = form.get(k);
    return typeof v === "string" ? v : null;
  };
  return recordProof(context.app, p, id, {
    recipient_name: text("recipient_name"),
    latitude: text("latitude"),
    longitude: text("longitude"),
    photo: await formPhoto(form, "photo"),
    made_at: text("made_at"),
  });
}

/** Refusals that mean the world changed while the phone was offline (docs/driver-app.md, "Offline actions"). */
const PAGE_CONFLICTS: Record<PageAction, ReadonlySet<string>> = {
  "vehicle-check": new Set(["CHECK_VEHICLE_REQUIRED"]),
  "proof-of-delivery": new Set(["NOT_YOUR_ORDER", "NOT_FOUND", "PROOF_OF_DELIVERY_EXISTS", "ORDER_TRANSITION_INVALID"]),
};

export const isPageAction = (v: unknown): v is PageAction => v === "vehicle-check" || v === "proof-of-delivery";

/**
 * The vehicle check or a proof of delivery sent by the phone's queue (/driver/queue; made now or offline with its
 * `made_at`): the same service calls as the pages' forms, answered in the queue's shape.
 */
export function applyPageAction(
  context: LoadContext,
  request: Request,
  p: Principal,
  kind: PageAction,
  form: FormData,
) {
  const apply =
    kind === "vehicle-check"
      ? () => submitCheckForm(context, p, form)
      : () => submitProofForm(context, p, idParam(stringOf(form.get("order_id"))), form);
  return answerAction(request, p, kind, form, apply, PAGE_CONFLICTS[kind]);
}

const stringOf = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : undefined);

export function assertPageActionSize(request: Request, context: LoadContext, kind: PageAction) {
  assertBodySize(request, context, kind === "vehicle-check" ? checks.MAX_CHECK_ITEMS : 1);
}

export async function checkAction(context: LoadContext, request: Request) {
  const p = requireDriverApp(context, request);
  assertBodySize(request, context, checks.MAX_CHECK_ITEMS);
  const form = await readForm(request, context);
  try {
    const c = await submitCheckForm(context, p, form);
    return redirect(`/driver/check?done=${c.id}`);
  } catch (err) {
    return refusedWith("check", err, form);
  }
}

/**
 * A check item's photo (the driver who took it, the maintenance staff who see the vehicle): `p` is the driver app's
 * user on /driver/checks/..., any signed-in user on the maintenance page's /maintenance/vehicle-checks/....
 */
export async function checkPhotoLoader(context: LoadContext, p: Principal, rawId: string | undefined, n: string) {
  const index = Number(n);
  if (!Number.isInteger(index) || index < 0 || index > 100) throw data({ error: "NOT_FOUND" }, { status: 404 });
  const photo = await load(() => checks.checkPhotoFile(context.app, p, idParam(rawId), index));
  return photoResponse(photo);
}

/** /driver/orders/:id/delivery: the order on the driver's truck and its proof, once there is one. */
export async function deliveryLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requireDriverApp(context, request);
  const { order, proof } = await load(() => deliveryView(context.app, p, idParam(rawId)));
  return {
    order: {
      id: order.id,
      order_id: order.order_id,
      customer_name: order.customer_name ?? order.customer_code,
      address: order.address,
      packets: order.packets,
      status: order.status,
    },
    proof: proof
      ? { recipient_name: proof.recipientName, delivered_at: proof.deliveredAt, photoUrl: proof.photoUrl }
      : null,
  };
}

export async function deliveryAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requireDriverApp(context, request);
  const id = idParam(rawId);
  assertBodySize(request, context, 1);
  const form = await readForm(request, context);
  try {
    await submitProofForm(context, p, id, form);
    return redirect(`/driver/orders/${id}/delivery?delivered=1`);
  } catch (err) {
    return refusedWith("deliver", err, form);
  }
}
