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
export const PHONE_API_PREFIXES = ["/api/route-planning/my", "/api/car-sharing"] as const;

/** Whether a request path is one of the phone's endpoints (the same matching as the middleware). */
export function isPhoneEndpoint(path: string): boolean {
  const p = path.toLowerCase().replace(/\/+$/, "");
  return PHONE_API_PREFIXES.some((prefix) => p === prefix || p.startsWith(`${prefix}/`));
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
