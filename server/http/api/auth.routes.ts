import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import {
  apiLoginSchema,
  authenticate,
  describeSession,
  endSession,
  issueSession,
  loadPrincipal,
} from "../../modules/auth";
import { recordSignIn } from "../../modules/users";
import { authed, sendError } from "./api-kit";
import { readMultipart } from "./multipart";

export const clientMeta = (req: Request) => ({ ip: req.ip ?? null, userAgent: req.headers["user-agent"] ?? null });

export function authRoutes(ctx: AppContext) {
  const r = Router();

  // Spec section 7: form fields email, password, grant_type=password, web_login=true.
  r.post("/api/auth/login", async (req, res) => {
    try {
      const body = req.is("multipart/form-data") ? Object.fromEntries(await readMultipart(req)) : req.body;
      const input = apiLoginSchema.parse(body);
      const user = await authenticate(ctx, input, clientMeta(req));
      const issued = await issueSession(ctx, user, "api", clientMeta(req), { webLogin: input.web_login });
      await recordSignIn(ctx, user.id);
      const principal = await loadPrincipal(ctx, issued.token);
      if (!principal) throw new AppError("INTERNAL");
      res.json(await describeSession(ctx, principal, issued));
    } catch (err) {
      sendError(ctx, req, res, err);
    }
  });

  r.post(
    "/api/auth/logout",
    authed(ctx, async (req) => {
      await endSession(ctx, req.sessionToken);
    }),
  );

  const details = authed(ctx, async (_req, _res, p) => describeSession(ctx, p));
  r.get("/auth/details/admin", details);
  r.get("/api/auth/details/admin", details);
  return r;
}
