/**
 * The one error type of the application. Codes are stable: the spec's codes
 * (e.g. VEHICLE_OVERLAP) and our own; the UI translates them via locales/<lng>/errors.json.
 */
export const ERROR_STATUS = {
  VALIDATION: 400,
  REQUIRED_FIELDS: 400,
  MAX_IMAGES_EXCEEDED: 400,
  IMAGE_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CSRF: 403,
  /** a "web app only" user on an endpoint meant for the phone (server/http/phone-endpoints.ts) */
  WEB_ONLY_ACCOUNT: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  REGISTRATION_TAKEN: 409,
  DEVICE_TAKEN: 409,
  TEAM_NAME_TAKEN: 409,
  TEAM_IN_USE: 409,
  LAST_ADMIN: 409,
  RESET_CODE_INVALID: 400,
  RESET_CODE_EXPIRED: 400,
  PASSWORD_MISMATCH: 400,
  CURRENT_PASSWORD_WRONG: 400,
  PAYLOAD_TOO_LARGE: 413,
  /** a page action's body is not a form (urlencoded or multipart): JSON, text, none (server/http/page-guard.ts) */
  UNSUPPORTED_MEDIA_TYPE: 415,
  /** a form body that cannot be read: a multipart body without its announced boundary (server/http/page-guard.ts) */
  BODY_UNREADABLE: 400,
  RATE_LIMITED: 429,
  SSO_FAILED: 401,
  SSO_NOT_CONFIGURED: 404,
  PERIOD_TOO_OLD: 400,
  PERIOD_INVALID: 400,
  DEVICE_OFFLINE: 409,
  COMMAND_UNSUPPORTED: 409,
  SUBSCRIPTION_INVALID: 400,
  IMPORT_TOO_LARGE: 413,
  IMPORT_FORMAT: 400,
  IMPORT_HAS_ERRORS: 400,
  VEHICLE_REQUIRED: 400,
  DEVICE_QUOTA_EXCEEDED: 409,
  ORGANIZATION_SUSPENDED: 403,
  OPERATOR_ORGANIZATION: 409,
  ORGANIZATION_ACTIVE: 409,
  CONFIRMATION_MISMATCH: 400,
  // car sharing (spec section 5; docs/car-sharing.md)
  ADVANCE_LIMIT_EXCEEDED: 400,
  ADVANCE_LIMIT_TOO_SHORT: 400,
  USER_TIME_OVERLAP: 409,
  USER_FUTURE_CAP_REACHED: 409,
  DURATION_TOO_SHORT: 400,
  DURATION_TOO_LONG: 400,
  OUTSIDE_ALLOWED_HOURS: 400,
  START_IN_PAST: 400,
  END_BEFORE_START: 400,
  VEHICLE_OVERLAP: 409,
  PASSENGER_OVERLAP: 409,
  PASSENGER_OVERLAP_SINGULAR: 409,
  TYPE_REQUIRED: 400,
  USER_REQUIRED: 400,
  DESTINATION_REQUIRED: 400,
  PURPOSE_REQUIRED: 400,
  FIELD_REQUIRED: 400,
  OTHER_REASON_REQUIRED: 400,
  VEHICLE_NOT_IN_POOL: 400,
  /** a vehicle id that is not one of the organisation's vehicles the user sees (car-sharing pool settings) */
  VEHICLE_UNKNOWN: 400,
  BOOKING_NOT_ALLOWED: 403,
  BOOKING_CANCEL_FAILED: 409,
  BOOKING_EDIT_FAILED: 409,
  BOOKING_SETTINGS_SAVE_FAILED: 409,
  VEHICLES_LOAD_FAILED: 500,
  PURPOSE_DELETE_FAILED: 409,
  RULE_DELETE_FAILED: 409,
  PART_OUT_OF_STOCK: 409,
  // fuel fill-ups (docs/maintenance.md, "Fuel")
  ODOMETER_BELOW_PREVIOUS: 400,
  FUEL_DATE_IN_FUTURE: 400,
  CHECKIN_TOO_FAR: 409,
  CHECKOUT_TOO_FAR: 409,
  JOB_STATE: 409,
  JOB_TAKEN: 409,
  SELF_ASSIGN_DISABLED: 403,
  NOT_YOUR_JOB: 403,
  ATTENDANCE_NOT_ACTIVE: 403,
  ATTENDANCE_BEFORE_THRESHOLD: 409,
  DAY_ALREADY_STARTED: 409,
  DAY_NOT_STARTED: 409,
  /** a phone action's made_at in the future or older than 24 h (server/modules/route-planning/made-at.ts) */
  MADE_AT_OUT_OF_RANGE: 400,
  IMPORT_TOO_MANY_ROWS: 413,
  IMPORT_ENCODING: 400,
  IMPORT_COLUMNS: 400,
  OPTIMIZATION_NOT_READY: 409,
  ORDER_ID_TAKEN: 409,
  ORDER_TRANSITION_INVALID: 409,
  ORDER_NOT_PENDING: 409,
  ORDER_IN_PLAN: 409,
  TRUCK_OVER_CAPACITY: 409,
  /** an order heavier or bulkier than every truck of the plan (details.orders: which, which dimension) */
  ORDER_FITS_NO_TRUCK: 409,
  OPTIMIZATION_COMPLETED: 409,
  OPTIMIZATION_NOT_COMPLETED: 409,
  OPTIMIZATION_NOT_RUN: 409,
  OPTIMIZATION_RUNNING: 409,
  OPTIMIZATION_DISPATCHED: 409,
  API_KEY_INVALID: 401,
  CAMERA_UNAVAILABLE: 409,
  MEDIA_NOT_READY: 409,
  // the driver's phone (docs/driver-app.md)
  /** a photo the rule asks for is missing (proof of delivery; a failed check item that asks for one) */
  PHOTO_REQUIRED: 400,
  RECIPIENT_REQUIRED: 400,
  PROOF_OF_DELIVERY_EXISTS: 409,
  /** the signed-in user is neither the driver of the order's truck nor allowed to write orders */
  NOT_YOUR_ORDER: 403,
  /** the driver has no vehicle to check (none assigned, none chosen) */
  CHECK_VEHICLE_REQUIRED: 400,
  FORWARDING_NAME_TAKEN: 409,
  OUTBOUND_URL_PRIVATE: 400,
  OUTBOUND_URL_UNRESOLVED: 400,
  WEBHOOK_URL_INVALID: 400,
  WEBHOOK_URL_PRIVATE: 400,
  /** a Web Push subscription whose endpoint is not https (server/modules/push/push-endpoint.ts) */
  PUSH_ENDPOINT_INVALID: 400,
  INTERNAL: 500,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly details?: Record<string, unknown>,
  ) {
    super(message ?? code);
    this.name = "AppError";
  }
  get status(): number {
    return ERROR_STATUS[this.code];
  }
}

export function isAppError(e: unknown): e is AppError {
  return e instanceof AppError;
}

export const notFound = (what = "record") => new AppError("NOT_FOUND", `${what} not found`);
export const forbidden = () => new AppError("FORBIDDEN", "You are not allowed to do this");
