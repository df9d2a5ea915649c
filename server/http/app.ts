import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type NextFunction, type Request, type Response } from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { AppContext } from "../context";
import { httpMetrics, metricsHandler } from "../metrics/http";
import { organizationRepo } from "../modules/organization";
import { authRoutes } from "./api/auth.routes";
import { contentSecurityPolicy } from "../basemap";
import { driverAppRoutes } from "./driver-app";
import { configurationRoutes } from "./api/configuration.routes";
import { telematicsRoutes } from "./api/telematics.routes";
import { placesRoutes } from "./api/places.routes";
import { maintenanceRoutes } from "./api/maintenance.routes";
import { routePlanningRoutes } from "./api/route-planning.routes";
import { tmsIntegrationRoutes } from "./api/tms-integrations.routes";
import { tmsRoutes } from "./api/tms.routes";
import { alertPoliciesRoutes } from "./api/alert-policies.routes";
import { alertsRoutes } from "./api/alerts.routes";
import { analyticsRoutes } from "./api/analytics.routes";
import { dashboardRoutes } from "./api/dashboard.routes";
import { reportScheduleRoutes } from "./api/report-schedules.routes";
import { administrationRoutes } from "./api/administration.routes";
import { openApiRoutes } from "./api/openapi.routes";
import { carSharingRoutes } from "./api/car-sharing.routes";
import { videoRoutes } from "./api/video.routes";
import { searchRoutes } from "./api/search.routes";
import { forwardingRoutes } from "./api/forwarding.routes";
import { sendError } from "./api/api-kit";
import { webhooksRoutes } from "./api/webhooks.routes";
import { PHONE_API_PREFIXES, webOnlyGuard } from "./phone-endpoints";
import { driverPhoneRoutes } from "./api/driver-phone.routes";
import { dispatchAfterChange, principalMiddleware } from "./principal-middleware";
import { guardedBuild } from "./page-guard";
import { refuseNulTexts } from "./request-text";
import { tokenHandoff } from "./token-handoff";

export interface HttpAppOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  clientDir: string;
  /** Extra middleware mounted before the page handler (vite dev middleware). */
  before?: express.RequestHandler[];
}

export function createHttpApp(ctx: AppContext, opts: HttpAppOptions) {
  const app = express();
  app.disable("x-powered-by");
  if (ctx.config.TRUST_PROXY !== undefined) app.set("trust proxy", ctx.config.TRUST_PROXY);
  app.use(httpMetrics(opts.build));

  app.use(
    pinoHttp({
      logger: ctx.log,
      autoLogging: { ignore: (req) => /^\/(assets\/|healthz|readyz|metrics|favicon)/.test(req.url ?? "") },
      customLogLevel: (_req, res, err) =>
        err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
      serializers: {
        req: (req) => ({ method: req.method, url: req.url?.replace(/access_token=[^&]+/, "access_token=***") }),
      },
    }),
  );
  app.use(compression());
  const csp = contentSecurityPolicy(ctx.config);
  app.use((_req, res, next) => {
    res.setHeader("Content-Security-Policy", csp);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "same-origin");
    res.setHeader("X-Frame-Options", "SAMEORIGIN");
    next();
  });
  for (const mw of opts.before ?? []) app.use(mw);
  app.use(driverAppRoutes(opts.clientDir));
  app.use("/assets", express.static(path.join(opts.clientDir, "assets"), { immutable: true, maxAge: "1y" }));
  app.use(express.static(opts.clientDir, { maxAge: "1h", index: false }));

  app.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  app.get("/readyz", async (_req, res) => {
    try {
      await organizationRepo.ready(ctx.db);
      res.json({ status: "ready" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });
  app.get("/metrics", metricsHandler(ctx.config.METRICS_TOKEN, Boolean(ctx.config.TRUST_PROXY)));
  app.get("/version", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.json({ version: ctx.buildId });
  });

  app.use(principalMiddleware(ctx));
  app.use(dispatchAfterChange(ctx));
  app.use(tokenHandoff(ctx));
  app.use([...PHONE_API_PREFIXES], webOnlyGuard(ctx));
  app.use(["/api", "/auth"], express.json({ limit: "1mb" }), express.urlencoded({ extended: false, limit: "1mb" }));
  // a NUL in any text of the path, query or body is a 400 naming the field; /auth/sso is a page (page-guard.ts)
  app.use(["/api", "/auth/details"], refuseNulTexts(ctx));
  app.use(authRoutes(ctx));
  app.use(configurationRoutes(ctx));
  app.use(telematicsRoutes(ctx));
  app.use(placesRoutes(ctx));
  app.use(alertPoliciesRoutes(ctx));
  app.use(alertsRoutes(ctx));
  app.use(analyticsRoutes(ctx));
  app.use(dashboardRoutes(ctx));
  app.use(reportScheduleRoutes(ctx));
  app.use(administrationRoutes(ctx));
  app.use(carSharingRoutes(ctx));
  app.use(maintenanceRoutes(ctx));
  app.use(routePlanningRoutes(ctx));
  app.use(tmsRoutes(ctx));
  app.use(driverPhoneRoutes(ctx));
  app.use(tmsIntegrationRoutes(ctx));
  app.use(openApiRoutes(ctx));
  app.use(videoRoutes(ctx));
  app.use(searchRoutes(ctx));
  app.use(forwardingRoutes(ctx));
  app.use(webhooksRoutes(ctx));
  app.all("/api/{*rest}", (req, res) => {
    res.status(404).json({ error: "NOT_FOUND", message: "No such endpoint", status: 404 });
  });

  app.all(
    "/{*rest}",
    createRequestHandler({
      // every loader and action checks its URL's texts and reads only readable forms (page-guard.ts)
      build: guardedBuild(opts.build),
      getLoadContext: (req) => ({
        app: ctx,
        principal: req.principal,
        csrfToken: req.csrfToken,
        sessionToken: req.sessionToken,
        clientIp: req.ip ?? null,
      }),
    }),
  );

  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) => {
    if (req.path.startsWith("/api/")) return sendError(ctx, req, res, err);
    ctx.log.error({ err, path: req.path }, "unhandled error");
    res.status(500).type("text/plain").send("Something went wrong!");
  });
  return app;
}
