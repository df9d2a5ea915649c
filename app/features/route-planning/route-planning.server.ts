import { redirect } from "react-router";
import {
  getRouteSettings,
  routeJobsService as jobs,
  templatesService as templates,
  updateRouteSettings,
  jobInputSchema,
  jobUpdateSchema,
  routeSettingsSchema,
  stopInputSchema,
  templateInputSchema,
  generateInputSchema,
  assignInputSchema,
} from "../../../server/modules/route-planning";
import { allPlaces } from "../../../server/modules/places";
import { driverOptions, vehicleOptions } from "../../../server/modules/vehicles";
import { formAction, intent } from "../../lib/forms.server";
import { mapConfigFrom } from "../../lib/map/basemap.server";
import { can } from "../../lib/permissions";
import { idParam, listQueryFrom, load, requirePermission, type LoadContext } from "../../lib/route-kit.server";
import type { Principal } from "../../../server/modules/access/principal";
import { nameCoordinates } from "../../lib/addresses.server";
import { resolveLanguage } from "../../i18n/i18n.server";

import { JOBS_LIST_PATH, JOBS_PATH, TEMPLATES_LIST_PATH, TEMPLATES_PATH } from "./paths";

/** Drivers, vehicles and places to choose from in the job and template forms. */
async function options(context: LoadContext, p: Principal) {
  const [drivers, vehicles, places] = await Promise.all([
    driverOptions(context.app, p),
    vehicleOptions(context.app, p),
    can(p, "places:read") ? allPlaces(context.app, p) : Promise.resolve([]),
  ]);
  return {
    drivers: drivers.map((d) => ({ id: d.id, label: d.name })),
    vehicles: vehicles.map((v) => ({ id: v.id, label: v.registration })),
    places: places.map((pl) => ({ id: pl.id, label: pl.name, latitude: pl.latitude, longitude: pl.longitude })),
  };
}

const mapProps = (context: LoadContext) => ({
  mapConfig: mapConfigFrom(context),
  exposeMap: context.app.config.NODE_ENV !== "production",
});

export async function jobsListLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  const url = new URL(request.url);
  const filter = {
    from: url.searchParams.get("from") || null,
    to: url.searchParams.get("to") || null,
    status: url.searchParams.get("status") || null,
  };
  const valid = (d: string | null) => (d && /^\d{4}-\d{2}-\d{2}$/.test(d) ? d : null);
  const page = await jobs.listJobRows(context.app, p, listQueryFrom(request), {
    ...filter,
    from: valid(filter.from),
    to: valid(filter.to),
  });
  // a job imported with coordinates only is shown at its address all the same (docs/integrations.md, Addresses)
  const named = await nameCoordinates(
    context,
    p.orgId,
    resolveLanguage(request, p.language),
    page.items.map((j) => (j.address ? null : { lat: j.latitude, lon: j.longitude })),
  );
  const items = page.items.map((j, i) => ({ ...j, located_at: named[i] }));
  return { page: { ...page, items }, filter, canWrite: can(p, "routePlanning:write") };
}

export async function jobAddLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return { ...(await options(context, p)), ...mapProps(context) };
}

export async function jobAddAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: jobInputSchema,
        run: async ({ value }) => {
          const ids = await jobs.createJobs(context.app, p, value);
          return ids.length === 1
            ? redirect(`${JOBS_PATH}/edit/${ids[0]}?created=1`)
            : redirect(`${JOBS_LIST_PATH}?created=${ids.length}`);
        },
      }),
    },
  );
}

export async function jobEditLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "routePlanning:read");
  const job = await load(() => jobs.storedJob(context.app, p, idParam(rawId)));
  const canWrite = can(p, "routePlanning:write");
  // where the job is, and so where it was checked in (within the check-in radius of its point)
  const [located] = await nameCoordinates(context, p.orgId, resolveLanguage(request, p.language), [
    { lat: job.latitude, lon: job.longitude },
  ]);
  return {
    job,
    located,
    canWrite,
    ...(canWrite ? await options(context, p) : { drivers: [], vehicles: [], places: [] }),
    ...mapProps(context),
    confirmDelete: canWrite && new URL(request.url).searchParams.get("delete") === "1",
  };
}

export async function jobEditAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "routePlanning:write");
  const id = idParam(rawId);
  return formAction(
    { request, context },
    {
      save: intent({
        schema: jobUpdateSchema,
        serviceParses: true,
        run: async ({ value }) => {
          await jobs.updateJob(context.app, p, id, value as Record<string, unknown>);
          return redirect(`${JOBS_PATH}/edit/${id}?saved=1`);
        },
      }),
      checkin: intent({
        run: async () => {
          await jobs.setJobStatus(context.app, p, id, "started");
          return redirect(`${JOBS_PATH}/edit/${id}?saved=1`);
        },
      }),
      checkout: intent({
        run: async () => {
          await jobs.setJobStatus(context.app, p, id, "finished");
          return redirect(`${JOBS_PATH}/edit/${id}?saved=1`);
        },
      }),
      reset: intent({
        run: async () => {
          await jobs.setJobStatus(context.app, p, id, "not_started");
          return redirect(`${JOBS_PATH}/edit/${id}?saved=1`);
        },
      }),
      delete: intent({
        run: async () => {
          await jobs.deleteJob(context.app, p, id);
          return redirect(`${JOBS_LIST_PATH}?deleted=1`);
        },
      }),
    },
  );
}

export async function templatesListLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  return {
    page: await templates.listTemplates(context.app, p, listQueryFrom(request)),
    canWrite: can(p, "routePlanning:write"),
  };
}

export async function templateAddLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return options(context, p);
}

export async function templateAddAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: templateInputSchema,
        run: async ({ value }) => {
          const t = await templates.createTemplate(context.app, p, value);
          return redirect(`${TEMPLATES_PATH}/edit/${t.id}?created=1`);
        },
      }),
    },
  );
}

export async function templateEditLoader(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "routePlanning:read");
  const found = await load(() => templates.getTemplate(context.app, p, idParam(rawId)));
  const canWrite = can(p, "routePlanning:write");
  const named = await nameCoordinates(
    context,
    p.orgId,
    resolveLanguage(request, p.language),
    found.stops.map((st) => (st.address ? null : { lat: st.latitude, lon: st.longitude })),
  );
  const template = { ...found, stops: found.stops.map((st, i) => ({ ...st, located_at: named[i] })) };
  return { template, canWrite, ...(canWrite ? await options(context, p) : { drivers: [], vehicles: [], places: [] }) };
}

export async function templateEditAction(context: LoadContext, request: Request, rawId: string | undefined) {
  const p = requirePermission(context, request, "routePlanning:write");
  const id = idParam(rawId);
  const back = `${TEMPLATES_PATH}/edit/${id}`;
  return formAction(
    { request, context },
    {
      save: intent({
        schema: templateInputSchema,
        serviceParses: true,
        run: async ({ value }) => {
          await templates.updateTemplate(context.app, p, id, value as Record<string, unknown>);
          return redirect(`${back}?saved=1`);
        },
      }),
      addStop: intent({
        schema: stopInputSchema,
        run: async ({ value }) => {
          await templates.addStop(context.app, p, id, value);
          return redirect(`${back}?saved=1`);
        },
      }),
      deleteStop: intent({
        run: async ({ form }) => {
          await templates.deleteStop(context.app, p, id, idParam(String(form.get("stop_id") ?? "")));
          return redirect(`${back}?saved=1`);
        },
      }),
      generate: intent({
        schema: generateInputSchema,
        run: async ({ value }) => {
          const n = await templates.generateFromTemplate(context.app, p, id, value);
          return redirect(`${JOBS_LIST_PATH}?created=${n}&from=${value.from}&to=${value.to}`);
        },
      }),
      delete: intent({
        run: async () => {
          await templates.deleteTemplate(context.app, p, id);
          return redirect(`${TEMPLATES_LIST_PATH}?deleted=1`);
        },
      }),
    },
  );
}

export async function settingsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:read");
  const settings = await getRouteSettings(context.app, p);
  return { values: settings as Record<string, unknown>, canWrite: can(p, "routePlanning:write") };
}

export async function settingsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "routePlanning:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: routeSettingsSchema,
        run: async ({ value }) => {
          await updateRouteSettings(context.app, p, value);
          return { ok: true as const };
        },
      }),
    },
  );
}

/** The assign form of the dispatch map and the scheduler (works without JavaScript). */
export async function assignAction(context: LoadContext, request: Request, back: string) {
  const p = requirePermission(context, request, "routePlanning:write");
  return formAction(
    { request, context },
    {
      save: intent({
        schema: assignInputSchema,
        run: async ({ value }) => {
          await jobs.assignJob(context.app, p, value);
          return redirect(back);
        },
      }),
    },
  );
}
