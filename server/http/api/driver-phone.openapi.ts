import type { ApiFragment } from "../openapi/openapi-document";
import { apiPaths, obj, S } from "../openapi/schema-kit";

const photoField = {
  type: "string",
  contentMediaType: "image/*",
  description: "JPEG, PNG or WebP, at most UPLOAD_MAX_IMAGE_BYTES",
};

const proof = obj({
  orderId: S.uuid,
  recipientName: S.str,
  deliveredAt: S.dt,
  latitude: S.numN,
  longitude: S.numN,
  photoUrl: { type: "string", description: "the photo (a page of the web app, same session or token)" },
});

const checkForm = {
  type: "object",
  description:
    "Form fields (multipart/form-data for photos, or application/x-www-form-urlencoded): vehicle_id (optional: the vehicle the user drives), and per checklist item (key from GET): result_<key> = pass | fail, note_<key>, photo_<key>.",
  properties: { vehicle_id: S.uuid },
  additionalProperties: true,
};

/** The driver's phone (issue 27; docs/driver-app.md): Web Push, the vehicle check, proof of delivery. */
export const driverPhoneApi: ApiFragment = {
  tag: "driver",
  description:
    "The driver's phone: Web Push subscriptions per device (VAPID public key here), the organisation's vehicle check and its results (a failed item becomes a maintenance reminder), proof of delivery for transport orders. Web-only accounts are refused (WEB_ONLY_ACCOUNT).",
  paths: apiPaths("driver", {
    "GET /api/push/public-key": {
      summary: "The installation's VAPID public key (applicationServerKey for PushManager.subscribe)",
      ok: { schema: obj({ publicKey: S.str }) },
      errors: ["WEB_ONLY_ACCOUNT"],
    },
    "POST /api/push/subscriptions": {
      summary:
        "Store this device's push subscription for the signed-in user (PushSubscription.toJSON()): an https endpoint that passes the outbound guard; the row is the user's own",
      body: obj({ endpoint: S.str, keys: obj({ p256dh: S.str, auth: S.str }), expirationTime: S.opt(S.any) }),
      ok: { status: 201, schema: obj({ id: S.uuid, endpoint: S.str, createdAt: S.dt }) },
      errors: [
        "VALIDATION",
        "PUSH_ENDPOINT_INVALID",
        "OUTBOUND_URL_PRIVATE",
        "OUTBOUND_URL_UNRESOLVED",
        "WEB_ONLY_ACCOUNT",
      ],
    },
    "DELETE /api/push/subscriptions": {
      summary: "Remove this device's subscription (one of the signed-in user's)",
      body: obj({ endpoint: S.str }),
      errors: ["NOT_FOUND", "WEB_ONLY_ACCOUNT"],
    },
    "GET /api/vehicle-checks": {
      summary: "The organisation's checklist, the vehicle the user drives and the user's checks today",
      ok: {
        schema: obj({
          items: S.arr(obj({ key: S.str, name: S.str, photo: S.bool })),
          ownVehicleId: S.uuidN,
          checkedToday: S.arr(
            obj({ id: S.uuid, vehicleId: S.uuid, registration: S.str, passed: S.bool, createdAt: S.dt }),
          ),
        }),
      },
      errors: ["WEB_ONLY_ACCOUNT"],
    },
    "POST /api/vehicle-checks": {
      summary: "Send a vehicle check; each failed item creates a maintenance reminder for the vehicle, due today",
      body: checkForm,
      bodyContentType: "multipart/form-data",
      ok: {
        status: 201,
        schema: obj({
          id: S.uuid,
          vehicleId: S.uuid,
          day: S.date,
          passed: S.bool,
          items: S.arr(obj({ key: S.strN, name: S.str, ok: S.bool, note: S.strN, photo: S.bool, reminderId: S.uuidN })),
        }),
      },
      errors: ["CHECK_VEHICLE_REQUIRED", "PHOTO_REQUIRED", "IMAGE_INVALID", "PAYLOAD_TOO_LARGE", "WEB_ONLY_ACCOUNT"],
    },
    "GET /api/tms/orders/:id/proof-of-delivery": {
      summary: "An order's proof of delivery (the planner, or the driver of the order's truck)",
      ok: { schema: proof },
      errors: ["NOT_YOUR_ORDER", "WEB_ONLY_ACCOUNT"],
    },
    "POST /api/tms/orders/:id/proof-of-delivery": {
      summary: "Prove a delivery: photo and recipient's name (multipart); a started order is finished by it",
      description:
        "Fields: recipient_name (required, at most 120 characters), photo (required), latitude and longitude (optional, both or none). Once per order.",
      body: {
        type: "object",
        required: ["recipient_name", "photo"],
        properties: { recipient_name: S.str, photo: photoField, latitude: S.num, longitude: S.num },
      },
      bodyContentType: "multipart/form-data",
      ok: { status: 201, schema: proof },
      errors: [
        "RECIPIENT_REQUIRED",
        "PHOTO_REQUIRED",
        "IMAGE_INVALID",
        "PAYLOAD_TOO_LARGE",
        "NOT_YOUR_ORDER",
        "ORDER_TRANSITION_INVALID",
        "PROOF_OF_DELIVERY_EXISTS",
        "WEB_ONLY_ACCOUNT",
      ],
    },
  }),
};
