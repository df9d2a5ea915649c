import { randomBytes } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { AppContext } from "../context";
import type { Principal } from "../modules/access/principal";
import { loadPrincipal } from "../modules/auth";
import { CSRF_COOKIE, SESSION_COOKIE, clearCookie, parseCookies, serializeCookie } from "../security/cookies";

declare module "express-serve-static-core" {
  interface Request {
    principal: Principal | null;
    csrfToken: string;
    sessionToken: string | null;
  }
}

function appendCookie(res: Response, cookie: string) {
  const prev = res.getHeader("Set-Cookie");
  res.setHeader("Set-Cookie", prev ? [...(Array.isArray(prev) ? prev : [String(prev)]), cookie] : [cookie]);
}

/**
 * Resolves who is calling: a bearer token (API clients) or the session cookie (browser).
 * A stale cookie is cleared. Every visitor gets a CSRF cookie whose value forms echo back.
 */
export function principalMiddleware(ctx: AppContext) {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      req.cookies = parseCookies(req.headers.cookie);
      const secure = ctx.config.secureCookies;
      let csrf = req.cookies[CSRF_COOKIE];
      if (!csrf || csrf.length < 16) {
        csrf = randomBytes(18).toString("base64url");
        appendCookie(res, serializeCookie(CSRF_COOKIE, csrf, { secure }));
      }
      req.csrfToken = csrf;
      const auth = req.headers.authorization;
      const bearer = auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() : null;
      const cookieToken = req.cookies[SESSION_COOKIE] ?? null;
      req.sessionToken = bearer ?? cookieToken;
      req.principal = await loadPrincipal(ctx, req.sessionToken);
      if (!req.principal && cookieToken && !bearer) appendCookie(res, clearCookie(SESSION_COOKIE, secure));
      next();
    } catch (err) {
      next(err);
    }
  };
}

export { appendCookie };

/**
 * After a request that may have changed something (anything but GET and HEAD) by a signed-in user or an integration
 * key: the events it
 * committed go to their readers at once (webhooks within moments), rather than waiting for the worker's sweep. The
 * response has finished, so the request's transactions have committed.
 */
export function dispatchAfterChange(ctx: AppContext) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (ctx.events && req.method !== "GET" && req.method !== "HEAD")
      res.on("finish", () => {
        // read when finished: an integration key's principal is known only once its route has run
        const orgId = req.principal?.orgId;
        if (orgId) void ctx.events?.dispatchOrgs([orgId]);
      });
    next();
  };
}
