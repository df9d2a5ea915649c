import { redirect } from "react-router";
import { AppError } from "../../../server/errors";
import { carSharingSettings as settings, listPeopleOptions } from "../../../server/modules/car-sharing";
import { failure, formAction, intent } from "../../lib/forms.server";
import { idParam, readForm, requirePermission, type LoadContext } from "../../lib/route-kit.server";

/** The web glue of car sharing's settings pages: they call the same settings service as /api/car-sharing. */

export function settingsLayoutLoader(context: LoadContext, request: Request) {
  requirePermission(context, request, "carSharing:admin");
  return {};
}

export async function generalSettingsLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  return {
    settings: await settings.getGeneralSettings(context.app, p),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function generalSettingsAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  const form = await readForm(request, context);
  try {
    await settings.saveGeneralSettings(context.app, p, Object.fromEntries(form.entries()));
    return redirect("/car-sharing/settings/general-settings?saved=1");
  } catch (err) {
    // Whatever the cause, the page says the spec's "Failed to save booking settings".
    const saveFailed = new AppError("BOOKING_SETTINGS_SAVE_FAILED", "Failed to save booking settings");
    return failure(
      "save",
      err instanceof AppError && err.code === "BOOKING_SETTINGS_SAVE_FAILED"
        ? err
        : err instanceof AppError || (err as Error).name === "ZodError"
          ? saveFailed
          : err,
    );
  }
}

export async function poolVehiclesLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  try {
    const [vehicles, geofences] = await Promise.all([
      settings.poolVehicles(context.app, p),
      settings.baseOptions(context.app, p),
    ]);
    return { vehicles, geofences, loadFailed: false, saved: new URL(request.url).searchParams.get("saved") === "1" };
  } catch {
    return { vehicles: [], geofences: [], loadFailed: true, saved: false };
  }
}

export async function poolVehiclesAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  const form = await readForm(request, context);
  try {
    // each vehicle's base comes as base_<vehicle id> (empty: none)
    const bases = Object.fromEntries(
      [...form.entries()].filter(([k]) => k.startsWith("base_")).map(([k, v]) => [k.slice(5), String(v)]),
    );
    await settings.savePoolVehicles(context.app, p, { vehicle_ids: form.getAll("vehicle_ids").map(String), bases });
  } catch (err) {
    return failure(
      "save",
      err instanceof AppError && err.code !== "VEHICLE_UNKNOWN"
        ? new AppError("BOOKING_SETTINGS_SAVE_FAILED", "Failed to save booking settings")
        : err,
    );
  }
  return redirect("/car-sharing/settings/vehicles?saved=1");
}

export async function bookingUsersLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  return {
    users: await settings.bookingUsers(context.app, p),
    saved: new URL(request.url).searchParams.get("saved") === "1",
  };
}

export async function bookingUsersAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  return formAction(
    { request, context },
    {
      save: intent({
        run: async ({ form }) => {
          await settings.saveBookingUser(context.app, p, Object.fromEntries(form.entries()));
          return redirect("/car-sharing/settings/users?saved=1");
        },
      }),
    },
  );
}

export async function entriesLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  return { entries: await settings.listEntries(context.app, p) };
}

export async function entriesAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  return formAction(
    { request, context },
    {
      save: intent({
        run: async ({ form }) => {
          await settings.addEntry(context.app, p, Object.fromEntries(form.entries()));
          return redirect("/car-sharing/settings/entries");
        },
      }),
      delete: intent({
        run: async ({ form }) => {
          await settings.deleteEntry(context.app, p, idParam(String(form.get("id") ?? "")));
          return redirect("/car-sharing/settings/entries");
        },
      }),
    },
  );
}

export async function rulesLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  const [rules, people] = await Promise.all([settings.listRules(context.app, p), listPeopleOptions(context.app, p)]);
  return { rules, people, teams: await settings.teamOptions(context.app, p) };
}

export async function rulesAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "carSharing:admin");
  return formAction(
    { request, context },
    {
      save: intent({
        run: async ({ form }) => {
          await settings.saveRule(context.app, p, Object.fromEntries(form.entries()));
          return redirect("/car-sharing/settings/specific-rules");
        },
      }),
      delete: intent({
        run: async ({ form }) => {
          await settings.deleteRule(context.app, p, idParam(String(form.get("id") ?? "")));
          return redirect("/car-sharing/settings/specific-rules");
        },
      }),
    },
  );
}
