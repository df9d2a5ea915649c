import { Router, type Request } from "express";
import type { AppContext } from "../../context";
import {
  recordFilterSchema,
  reminderFilterSchema,
  fuelService as fuel,
  recordsService as records,
  remindersService as reminders,
  getMaintenanceSettings,
  saveMaintenanceSettings,
  type Attachment,
} from "../../modules/maintenance";
import { authed, listQuery, param } from "./api-kit";
import { readMultipart } from "./multipart";

const LISTS = new Set(["vehicle_ids", "part_id", "part_quantity"]);

/**
 * The body of a write: JSON, or multipart/form-data with files in `attachments` (the phone sends the receipt photo).
 * JSON parts may come as `parts: [{ part_id, quantity }]`.
 */
async function bodyOf(req: Request): Promise<{ fields: Record<string, unknown>; files: Attachment[] }> {
  if (req.is("multipart/form-data")) {
    const form = await readMultipart(req);
    const fields: Record<string, unknown> = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key).filter((v): v is string => typeof v === "string");
      if (values.length) fields[key] = LISTS.has(key) ? values : values[0];
    }
    const files = await Promise.all(
      form
        .getAll("attachments")
        .filter((f): f is File => typeof f !== "string" && f.size > 0)
        .map(async (f) => ({
          fileName: f.name || "attachment",
          contentType: f.type,
          data: Buffer.from(await f.arrayBuffer()),
        })),
    );
    return { fields, files };
  }
  const body = { ...((req.body ?? {}) as Record<string, unknown>) };
  if (Array.isArray(body.parts)) {
    const parts = body.parts as Array<{ part_id?: unknown; quantity?: unknown }>;
    body.part_id = parts.map((x) => String(x.part_id ?? ""));
    body.part_quantity = parts.map((x) => String(x.quantity ?? ""));
    delete body.parts;
  }
  return { fields: body, files: [] };
}

/** /api/maintenance: reminders, services and fuel reports for the mobile app and integrations (same services as the screens). */
export function maintenanceRoutes(ctx: AppContext) {
  const r = Router();
  r.get(
    "/api/maintenance/reminders",
    authed(ctx, (req, _s, p) => reminders.listReminders(ctx, p, reminderFilterSchema.parse(req.query), listQuery(req))),
  );
  r.post(
    "/api/maintenance/reminders",
    authed(ctx, async (req, res, p) => {
      const rows = await reminders.createReminders(ctx, p, (await bodyOf(req)).fields);
      res.status(201).json({
        items: await Promise.all(rows.map((row) => reminders.getReminder(ctx, p, row.id))),
      });
    }),
  );
  r.get(
    "/api/maintenance/reminders/:id",
    authed(ctx, (req, _s, p) => reminders.getReminder(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/maintenance/reminders/:id",
    authed(ctx, async (req, _s, p) => {
      const id = param(req, "id");
      await reminders.updateReminder(ctx, p, id, (await bodyOf(req)).fields);
      return reminders.getReminder(ctx, p, id);
    }),
  );
  r.delete(
    "/api/maintenance/reminders/:id",
    authed(ctx, (req, _s, p) => reminders.deleteReminder(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/maintenance/reminders/:id/complete",
    authed(ctx, async (req, res, p) => {
      const id = param(req, "id");
      const { fields, files } = await bodyOf(req);
      const done = await reminders.completeReminder(ctx, p, id, fields, files);
      res.status(201).json({
        service: await records.getService(ctx, p, done.service.id),
        reminder: await reminders.getReminder(ctx, p, id),
      });
    }),
  );

  r.get(
    "/api/maintenance/services",
    authed(ctx, async (req, _s, p) => ({
      items: await records.listServices(ctx, p, "service", recordFilterSchema.parse(req.query)),
    })),
  );
  r.post(
    "/api/maintenance/services",
    authed(ctx, async (req, res, p) => {
      const { fields, files } = await bodyOf(req);
      const row = await records.createService(ctx, p, fields, files);
      res.status(201).json(await records.getService(ctx, p, row.id));
    }),
  );
  r.get(
    "/api/maintenance/services/:id",
    authed(ctx, (req, _s, p) => records.getService(ctx, p, param(req, "id"))),
  );
  // PUT: the whole record as POST sends it; PATCH: only the fields sent change. Both keep the saved attachments.
  for (const method of ["put", "patch"] as const) {
    r[method](
      "/api/maintenance/services/:id",
      authed(ctx, async (req, _s, p) => {
        const id = param(req, "id");
        const { fields, files } = await bodyOf(req);
        await records.updateService(ctx, p, id, fields, { attachments: files, patch: method === "patch" });
        return records.getService(ctx, p, id);
      }),
    );
    r[method](
      "/api/maintenance/fuel/:id",
      authed(ctx, async (req, _s, p) => {
        const id = param(req, "id");
        const { fields, files } = await bodyOf(req);
        await fuel.updateFuelReport(ctx, p, id, fields, { attachments: files, patch: method === "patch" });
        return fuel.getFuelReport(ctx, p, id);
      }),
    );
  }
  r.delete(
    "/api/maintenance/services/:id",
    authed(ctx, (req, _s, p) => records.deleteService(ctx, p, param(req, "id"))),
  );

  r.get(
    "/api/maintenance/fuel",
    authed(ctx, async (req, _s, p) => ({ items: await fuel.listFuel(ctx, p, recordFilterSchema.parse(req.query)) })),
  );
  r.post(
    "/api/maintenance/fuel",
    authed(ctx, async (req, res, p) => {
      const { fields, files } = await bodyOf(req);
      const row = await fuel.createFuelReport(ctx, p, fields, files);
      res.status(201).json(await fuel.getFuelReport(ctx, p, row.id));
    }),
  );
  r.get(
    "/api/maintenance/fuel/:id",
    authed(ctx, (req, _s, p) => fuel.getFuelReport(ctx, p, param(req, "id"))),
  );
  r.delete(
    "/api/maintenance/fuel/:id",
    authed(ctx, (req, _s, p) => fuel.deleteFuelReport(ctx, p, param(req, "id"))),
  );

  r.get(
    "/api/maintenance/settings",
    authed(ctx, (_req, _s, p) => getMaintenanceSettings(ctx, p)),
  );
  r.put(
    "/api/maintenance/settings",
    authed(ctx, async (req, _s, p) => saveMaintenanceSettings(ctx, p, (await bodyOf(req)).fields)),
  );

  r.get(
    "/api/maintenance/attachments/:id",
    authed(ctx, async (req, res, p) => {
      const a = await records.getAttachment(ctx, p, param(req, "id"));
      res.setHeader("content-type", a.content_type);
      res.setHeader("cache-control", "private, no-store");
      res.setHeader("x-content-type-options", "nosniff");
      res.end(a.data);
    }),
  );
  return r;
}
