import { findProof, proofPhoto } from "../../../server/modules/tms";
import { photoResponse } from "../../lib/photo-response.server";
import { idParam, load, requireUser, type LoadContext } from "../../lib/route-kit.server";

/** The proof's photo: for whoever reads orders and for the truck's driver (the service decides). */
export async function proofPhotoLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requireUser(context, request);
  return photoResponse(await load(() => proofPhoto(context.app, p, idParam(rawId))));
}

/** An order's proof of delivery as its details page shows it (the page's loader checked tms:read). */
export async function proofOf(context: LoadContext, orgId: string, orderId: string) {
  const proof = await findProof(context.app, orgId, orderId);
  return proof
    ? {
        recipient_name: proof.recipient_name,
        delivered_at: proof.delivered_at.toISOString(),
        latitude: proof.latitude,
        longitude: proof.longitude,
        recorded_by: [proof.first_name, proof.last_name].filter(Boolean).join(" ") || null,
        photoUrl: `/tms/orders/${orderId}/proof-of-delivery/photo`,
      }
    : null;
}
