import { Router } from "express";
import type { AppContext } from "../../context";
import { AppError } from "../../errors";
import {
  organizationInputSchema,
  settingsInputSchema,
  getOrganization,
  getSettings,
  updateOrganization,
  updateSettings,
} from "../../modules/organization";
import { teamInputSchema, createTeam, deleteTeam, getTeam, listTeams, updateTeam } from "../../modules/teams";
import {
  passwordChangeSchema,
  personInputSchema,
  profileInputSchema,
  usersService as people,
  type PeopleArea,
} from "../../modules/users";
import { vehicleFilterSchema, vehicleInputSchema, vehiclesService as vehicles } from "../../modules/vehicles";
import { authed, listQuery, param, parseBody } from "./api-kit";
import { readMultipart } from "./multipart";

export function configurationRoutes(ctx: AppContext) {
  const r = Router();

  r.get(
    "/api/organization",
    authed(ctx, (_q, _s, p) => getOrganization(ctx, p)),
  );
  r.put(
    "/api/organization",
    authed(ctx, (req, _s, p) => updateOrganization(ctx, p, parseBody(organizationInputSchema, req.body))),
  );
  r.get(
    "/api/settings",
    authed(ctx, (_q, _s, p) => getSettings(ctx, p)),
  );
  r.put(
    "/api/settings",
    authed(ctx, (req, _s, p) => updateSettings(ctx, p, parseBody(settingsInputSchema, req.body))),
  );

  r.get(
    "/api/teams",
    authed(ctx, (req, _s, p) => listTeams(ctx, p, listQuery(req))),
  );
  r.post(
    "/api/teams",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await createTeam(ctx, p, parseBody(teamInputSchema, req.body)));
    }),
  );
  r.get(
    "/api/teams/:id",
    authed(ctx, (req, _s, p) => getTeam(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/teams/:id",
    authed(ctx, (req, _s, p) => updateTeam(ctx, p, param(req, "id"), parseBody(teamInputSchema, req.body))),
  );
  r.delete(
    "/api/teams/:id",
    authed(ctx, (req, _s, p) => deleteTeam(ctx, p, param(req, "id"))),
  );

  r.get(
    "/api/vehicles",
    authed(ctx, (req, _s, p) => vehicles.listVehicles(ctx, p, listQuery(req), vehicleFilterSchema.parse(req.query))),
  );
  r.post(
    "/api/vehicles",
    authed(ctx, async (req, res, p) => {
      res.status(201).json(await vehicles.createVehicle(ctx, p, parseBody(vehicleInputSchema, req.body)));
    }),
  );
  r.get(
    "/api/vehicles/:id",
    authed(ctx, (req, _s, p) => vehicles.getVehicle(ctx, p, param(req, "id"))),
  );
  r.put(
    "/api/vehicles/:id",
    authed(ctx, (req, _s, p) =>
      vehicles.updateVehicle(ctx, p, param(req, "id"), parseBody(vehicleInputSchema, req.body)),
    ),
  );
  r.delete(
    "/api/vehicles/:id",
    authed(ctx, (req, _s, p) => vehicles.deleteVehicle(ctx, p, param(req, "id"))),
  );
  r.post(
    "/api/vehicles/:id/images",
    authed(ctx, async (req, res, p) => {
      if (!req.is("multipart/form-data"))
        throw new AppError("VALIDATION", "Send images as multipart/form-data in the field images");
      const form = await readMultipart(req);
      const files = form.getAll("images").filter((f): f is File => typeof f !== "string" && f.size > 0);
      const uploads = await Promise.all(
        files.map(async (f) => ({ contentType: f.type, data: Buffer.from(await f.arrayBuffer()) })),
      );
      await vehicles.addVehicleImages(ctx, p, param(req, "id"), uploads);
      res.status(201).json({ added: uploads.length });
    }),
  );
  r.get(
    "/api/vehicles/:id/images/:imageId",
    authed(ctx, async (req, res, p) => {
      const img = await vehicles.getVehicleImage(ctx, p, param(req, "id"), param(req, "imageId"));
      res.setHeader("Content-Type", img.content_type);
      res.setHeader("Cache-Control", "private, max-age=3600");
      res.end(img.data);
    }),
  );
  r.delete(
    "/api/vehicles/:id/images/:imageId",
    authed(ctx, (req, _s, p) => vehicles.deleteVehicleImage(ctx, p, param(req, "id"), param(req, "imageId"))),
  );

  for (const area of ["users", "drivers"] as PeopleArea[]) {
    r.get(
      `/api/${area}`,
      authed(ctx, (req, _s, p) => people.listPeople(ctx, p, area, listQuery(req))),
    );
    r.post(
      `/api/${area}`,
      authed(ctx, async (req, res, p) => {
        const row = await people.createPerson(ctx, p, area, parseBody(personInputSchema, req.body));
        res.status(201).json(await people.getPerson(ctx, p, area, row.id));
      }),
    );
    r.get(
      `/api/${area}/:id`,
      authed(ctx, (req, _s, p) => people.getPerson(ctx, p, area, param(req, "id"))),
    );
    r.put(
      `/api/${area}/:id`,
      authed(ctx, async (req, _s, p) => {
        await people.updatePerson(ctx, p, area, param(req, "id"), parseBody(personInputSchema, req.body));
        return people.getPerson(ctx, p, area, param(req, "id"));
      }),
    );
    r.delete(
      `/api/${area}/:id`,
      authed(ctx, (req, _s, p) => people.deletePerson(ctx, p, area, param(req, "id"))),
    );
  }

  r.get(
    "/api/profile",
    authed(ctx, (_q, _s, p) => people.getProfile(ctx, p)),
  );
  r.put(
    "/api/profile",
    authed(ctx, async (req, _s, p) => {
      await people.updateProfile(ctx, p, parseBody(profileInputSchema, req.body));
      return people.getProfile(ctx, p);
    }),
  );
  r.put(
    "/api/profile/password",
    authed(ctx, (req, _s, p) => people.changePassword(ctx, p, parseBody(passwordChangeSchema, req.body))),
  );
  return r;
}
