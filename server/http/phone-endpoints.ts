import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { AppContext } from "../context";
import { AppError } from "../errors";
import { sendError } from "./api/api-kit";

/**
 * The endpoints meant for the phone app, in one place (docs/decisions.md, "Web-only accounts"): a user limited to
 * the web app ("web app only") is refused on every request to them, whatever the session's scope said at sign-in.
 * Prefixes are mounted with Express's own path matching, so they match exactly what the routers below them match
 * (case-insensitive, any sub-path). Endpoints that also serve scripts and integrations (maintenance, alerts,
 * analytics) are not the phone's.
 */
export const PHONE_API_PREFIXES = [
  "/api/route-planning/my",
  "/api/car-sharing",
  // the driver's phone (docs/driver-app.md): notifications, vehicle check, proof of delivery
  "/api/push",
  "/api/vehicle-checks",
  "/api/tms/orders/:id/proof-of-delivery",
] as const;

/** A prefix as a pattern: a `:name` segment matches any one segment, as Express matches it. */
const PREFIX_PATTERNS = PHONE_API_PREFIXES.map(
  (prefix) => new RegExp(`^${prefix.toLowerCase().replace(/:[a-z_]+/g, "[^/]+")}(/.*)?$`),
);

/** Whether a request path is one of the phone's endpoints (the same matching as the middleware). */
export function isPhoneEndpoint(path: string): boolean {
  const p = path.toLowerCase().replace(/\/+$/, "");
  return PREFIX_PATTERNS.some((re) => re.test(p));
}

/** Refuses a web-only user's session or token on the phone's endpoints with WEB_ONLY_ACCOUNT (403). */
export function webOnlyGuard(ctx: AppContext): RequestHandler {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.principal?.webOnly) {
      return sendError(
        ctx,
        req,
        res,
        new AppError("WEB_ONLY_ACCOUNT", "This account may use the web application only"),
      );
    }
    next();
  };
}
