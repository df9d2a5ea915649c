import { failure } from "../../lib/forms.server";
import { can } from "../../lib/permissions";
import { readForm, requirePermission, requireUser, type LoadContext } from "../../lib/route-kit.server";
import { checkPhotoLoader } from "../driver/driver-tasks.server";
import { readFlag } from "../../../server/modules/shared/form-values";
import * as checks from "../../../server/modules/vehicle-checks";

/** Blank rows under the list for new items (more: save, and two more appear). */
const NEW_ROWS = 2;

/** /maintenance/vehicle-check: the organisation's checklist (editable with maintenance:write) and the latest checks. */
export async function vehicleCheckLoader(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:read");
  const [items, recent] = await Promise.all([
    checks.checklist(context.app, p.orgId),
    checks.recentChecks(context.app, p, 30),
  ]);
  return {
    items: items.map((i) => ({
      preset: i.preset,
      label: i.label ?? "",
      photo: i.photo,
      name: checks.itemName(p.language, i),
    })),
    newRows: NEW_ROWS,
    max: checks.MAX_CHECK_ITEMS,
    canWrite: can(p, "maintenance:write"),
    saved: new URL(request.url).searchParams.has("saved"),
    recent: recent.map((c) => ({
      id: c.id,
      day: c.day,
      registration: c.registration,
      driver: [c.first_name, c.last_name].filter(Boolean).join(" "),
      passed: c.passed,
      failed: c.items.flatMap((item, n) =>
        item.ok ? [] : [{ name: checks.itemName(p.language, item), photo: item.photo_key ? n : null }],
      ),
    })),
  };
}

/** Rows of the form (preset_<n>, label_<n>, photo_<n>, remove_<n>) as the checklist: removed and blank rows left out. */
export function checklistFromForm(form: FormData) {
  const rows = Number(form.get("rows") ?? 0);
  const items: Array<{ preset: string | null; label: string | null; photo: unknown }> = [];
  for (let n = 0; n < Math.min(rows, 100); n++) {
    if (form.get(`remove_${n}`)) continue;
    const preset = String(form.get(`preset_${n}`) ?? "") || null;
    const label = String(form.get(`label_${n}`) ?? "").trim() || null;
    if (!preset && !label) continue;
    // the checkbox: unticked is false; a value that is no checkbox's goes on to be refused, not read as false
    const photo = form.get(`photo_${n}`);
    items.push({ preset, label, photo: photo === null || photo === "" ? false : (readFlag(photo) ?? photo) });
  }
  return { items };
}

export async function vehicleCheckAction(context: LoadContext, request: Request) {
  const p = requirePermission(context, request, "maintenance:write");
  const form = await readForm(request, context);
  try {
    await checks.saveChecklist(context.app, p, checklistFromForm(form));
    return { ok: true as const };
  } catch (err) {
    return failure("save", err);
  }
}

/**
 * A failed check item's photo for the maintenance page: any signed-in user who may read the vehicle's checks, web-only
 * accounts included (the driver app's /driver/checks/... refuses those).
 */
export function vehicleCheckPhotoLoader(context: LoadContext, request: Request, rawId: string | undefined, n: string) {
  return checkPhotoLoader(context, requireUser(context, request), rawId, n);
}
