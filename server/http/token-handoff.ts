import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../context";
import { SESSION_COOKIE, serializeCookie } from "../security/cookies";
import { isIntegrationPath } from "../shared/integration-paths";
import { appendCookie } from "./principal-middleware";

/**
 * Spec section 2: an access token arriving in the query string (with expires, user,
 * token_type, type, redirect_urls) becomes the session; the user is sent to login
 * carrying type, user and redirect_urls. (Tokens in the hash are turned into this
 * query by the <head> script in app/lib/hash-handoff.ts, since browsers never send the hash.)
 * Integrations views (/int…) are public and skip the login redirect, so they are left alone.
 */
export function tokenHandoff(ctx: AppContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (
      req.method !== "GET" ||
      req.path.startsWith("/api/") ||
      isIntegrationPath(req.path) ||
      typeof req.query.access_token !== "string"
    )
      return next();
    const token = req.query.access_token;
    const expires = Number(req.query.expires ?? req.query.expires_in);
    const maxAge =
      Number.isFinite(expires) && expires > 0
        ? expires > 1e9
          ? expires - Date.now() / 1000
          : expires
        : ctx.config.SESSION_TTL_HOURS * 3600;
    appendCookie(
      res,
      serializeCookie(SESSION_COOKIE, token, { secure: ctx.config.secureCookies, maxAge: Math.max(60, maxAge) }),
    );
    const target = new URLSearchParams();
    for (const key of ["type", "user", "redirect_urls"]) {
      const v = req.query[key];
      if (typeof v === "string" && v) target.set(key, v);
    }
    const qs = target.toString();
    res.redirect(303, `/login${qs ? `?${qs}` : ""}`);
  };
}
