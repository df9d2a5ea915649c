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
  CAMERA_UNAVAILABLE: 409,
  MEDIA_NOT_READY: 409,
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
