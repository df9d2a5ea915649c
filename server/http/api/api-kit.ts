import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { ZodType } from "zod";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import type { Principal } from "../../modules/access/principal";
import { parseListQuery } from "../../modules/shared/listing";
import { toErrorBody } from "../../error-body";

type Handler = (req: Request, res: Response, p: Principal) => Promise<unknown>;

/** Wraps an authenticated JSON handler: 401 without a session, errors mapped in one place. */
export function authed(ctx: AppContext, fn: Handler): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    try {
      if (!req.principal) throw new AppError("UNAUTHENTICATED", "Sign in first");
      // Cookie-authenticated writes need the CSRF header; bearer tokens are not sent by browsers on their own.
      const viaCookie = !req.headers.authorization;
      if (viaCookie && req.method !== "GET" && req.headers["x-csrf-token"] !== req.csrfToken) {
        throw new AppError("CSRF", "Missing or wrong CSRF token");
      }
      const out = await fn(req, res, req.principal);
      if (!res.headersSent) {
        if (out === undefined) res.status(204).end();
        else res.json(out);
      }
    } catch (err) {
      sendError(ctx, req, res, err);
    }
    void next;
  };
}

export function sendError(ctx: AppContext, req: Request, res: Response, err: unknown) {
  const body = toErrorBody(err);
  if (body.status >= 500) ctx.log.error({ err, path: req.path }, "request failed");
  res.status(body.status).json(body);
}

export function parseBody<T>(schema: ZodType<T>, body: unknown): T {
  return schema.parse(body ?? {});
}

export const listQuery = (req: Request) => parseListQuery(req.query as Record<string, unknown>);

export function param(req: Request, name: string): string {
  const v = req.params[name];
  if (typeof v !== "string" || !/^[0-9a-f-]{36}$/i.test(v)) throw new AppError("NOT_FOUND", "not found");
  return v;
}
