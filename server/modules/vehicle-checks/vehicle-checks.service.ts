import { createHash } from "node:crypto";
import checkAl from "../../../locales/al/vehicleCheck.json" with { type: "json" };
import checkEn from "../../../locales/en/vehicleCheck.json" with { type: "json" };
import type { AppContext } from "../../context";
import type { CheckedItem, CheckPreset } from "../../db/schema/driver-phone";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { visibleVehicleIds } from "../access/vehicle-scope";
import { audit } from "../audit";
import { recordDefects } from "../maintenance";
import { madeAt } from "../route-planning";
import { orgToday } from "../organization";
import { checkPhoto, formPhoto, type UploadedPhoto } from "../shared/photo";
import { mediaStore } from "../video";
import { vehicleOptions } from "../vehicles";
import { vehicleChecksPolicy } from "./vehicle-checks.policy";
import { vehicleChecksRepo } from "./vehicle-checks.repo";
import { DEFAULT_CHECKLIST, NOTE_MAX, checklistInputSchema } from "./vehicle-checks.schema";

/** One item as the phone shows it; `key` names its form fields (result_<key>, note_<key>, photo_<key>). */
export interface ChecklistItem {
  key: string;
  preset: CheckPreset | null;
  label: string | null;
  photo: boolean;
}

export interface CheckAnswer {
  ok: boolean | null;
  note: string | null;
  photo: UploadedPhoto | null;
}

export interface CheckSubmission {
  vehicle_id: string | null;
  answers: Record<string, CheckAnswer>;
  /** the time the phone made the check (queued offline); absent: now. Bounds: route-planning/made-at.ts */
  made_at?: string | null;
}

const TEXT = { al: checkAl, en: checkEn } as const;

/** An item's name in a language: its own label, else the preset's translation. */
export function itemName(language: string, item: { preset: CheckPreset | null; label: string | null }) {
  return item.label ?? (item.preset ? TEXT[language === "en" ? "en" : "al"].presets[item.preset] : "");
}

/** The organisation's checklist (the presets until it saves its own); no permission: every driver answers it. */
export async function checklist(ctx: AppContext, orgId: string): Promise<ChecklistItem[]> {
  const rows = await vehicleChecksRepo.items(ctx.db, orgId);
  if (!rows.length) return DEFAULT_CHECKLIST.map((d) => ({ key: d.preset, ...d }));
  return rows.map((r) => ({ key: r.id, preset: r.preset, label: r.label, photo: r.photo }));
}

/** Replaces the checklist (maintenance:write). Past checks keep what they answered (a snapshot per check). */
export async function saveChecklist(ctx: AppContext, p: Principal, raw: unknown) {
  vehicleChecksPolicy.editChecklist(p);
  const input = checklistInputSchema.parse(raw);
  const before = await checklist(ctx, p.orgId);
  await ctx.db.transaction().execute(async (trx) => {
    await vehicleChecksRepo.replaceItems(
      trx,
      p.orgId,
      input.items.map((i, n) => ({ position: n + 1, preset: i.preset, label: i.label, photo: i.photo })),
    );
    await audit.record(trx, p, {
      entity: "vehicle_checklist",
      id: p.orgId,
      action: "update",
      before,
      after: input.items,
    });
  });
  return checklist(ctx, p.orgId);
}

/** Which vehicle is checked: the one chosen (it must be one the user sees or drives), else the one they drive. */
async function checkedVehicle(ctx: AppContext, p: Principal, chosen: string | null) {
  const own = await vehicleChecksRepo.ownVehicle(ctx.db, p.orgId, p.userId);
  if (!chosen) {
    if (!own) throw new AppError("CHECK_VEHICLE_REQUIRED", "Choose the vehicle", { field: "vehicle_id" });
    return own.id;
  }
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(chosen);
  if (uuid && (own?.id === chosen || (await visibleVehicleIds(ctx.db, p, [chosen])).has(chosen))) return chosen;
  throw new AppError("VALIDATION", "Unknown vehicle", { field: "vehicle_id" });
}

/** What makes two submissions the same check: the vehicle, the time it was made, every answer with its photo. */
function checkFingerprint(
  vehicleId: string,
  at: Date,
  answered: Array<{ item: ChecklistItem; ok: boolean; note: string | null; photo: { data: Buffer } | null }>,
) {
  const hash = createHash("sha256").update(`${vehicleId}\n${at.toISOString()}`);
  for (const a of answered) {
    const photo = a.photo ? createHash("sha256").update(a.photo.data).digest("hex") : "";
    hash.update(`\n${JSON.stringify([a.item.key, a.ok, a.note, photo])}`);
  }
  return hash.digest("hex");
}

/**
 * A driver's check of a vehicle today: every item answered OK or Problem; a failed item that asks for a photo needs
 * one (PHOTO_REQUIRED), any photo must be JPEG/PNG/WebP within the size limit (IMAGE_INVALID). Each failed item
 * becomes a maintenance reminder for the vehicle (maintenance/defects.ts), in the same transaction as the check.
 */
export async function submitCheck(ctx: AppContext, p: Principal, input: CheckSubmission) {
  const at = madeAt(input.made_at);
  const items = await checklist(ctx, p.orgId);
  const vehicleId = await checkedVehicle(ctx, p, input.vehicle_id);
  const answered = items.map((item) => {
    const a = input.answers[item.key];
    if (!a || a.ok === null) throw new AppError("VALIDATION", "Answer every item", { field: `result_${item.key}` });
    const note = a.note?.trim() || null;
    // a longer note is refused with its field named, never cut in silence (the form's maxlength says the same)
    if (note && note.length > NOTE_MAX)
      throw new AppError("VALIDATION", "The note is too long", {
        fields: { [`note_${item.key}`]: ["errors.tooLong"] },
      });
    const photo = !a.ok && a.photo ? checkPhoto(ctx.config, a.photo, `photo_${item.key}`) : null;
    if (!a.ok && item.photo && !photo)
      throw new AppError("PHOTO_REQUIRED", "A photo of the problem", { field: `photo_${item.key}` });
    return { item, ok: a.ok, note, photo };
  });
  // a check from the phone's queue (made_at given) sent again is the same check: answered, not stored twice
  const fingerprint = input.made_at ? checkFingerprint(vehicleId, at, answered) : null;
  if (fingerprint) {
    const before = await vehicleChecksRepo.byFingerprint(ctx.db, p.orgId, p.userId, fingerprint);
    if (before) return before;
  }
  const day = await orgToday(ctx, p.orgId, at);
  const store = mediaStore(ctx.config);
  const written: string[] = [];
  try {
    return await ctx.db.transaction().execute(async (trx) => {
      const row = await vehicleChecksRepo.insertCheck(trx, {
        org_id: p.orgId,
        vehicle_id: vehicleId,
        driver_id: p.userId,
        day,
        passed: answered.every((a) => a.ok),
        items: [],
        created_at: at,
        fingerprint,
      });
      if (!row) return (await vehicleChecksRepo.byFingerprint(trx, p.orgId, p.userId, fingerprint ?? ""))!;
      const failed = answered.filter((a) => !a.ok);
      const text = TEXT[p.language];
      const driver = `${p.firstName} ${p.lastName}`.trim();
      const reminders = await recordDefects(
        trx,
        p,
        vehicleId,
        day,
        failed.map((a) => ({
          name: text.reminderName.replace("{{item}}", itemName(p.language, a.item)),
          notes: [a.note, text.reminderNote.replace("{{driver}}", driver).replace("{{day}}", day)]
            .filter(Boolean)
            .join("\n"),
        })),
      );
      const snapshot: CheckedItem[] = [];
      for (const [n, a] of answered.entries()) {
        let key: string | null = null;
        if (a.photo) {
          key = `${p.orgId}/checks/${row.id}-${n}.${a.photo.ext}`;
          await store.write(key, a.photo.data);
          written.push(key);
        }
        snapshot.push({
          item_id: a.item.key,
          preset: a.item.preset,
          label: a.item.label,
          ok: a.ok,
          note: a.note,
          photo_key: key,
          photo_type: a.photo?.type ?? null,
          reminder_id: a.ok ? null : (reminders[failed.indexOf(a)] ?? null),
        });
      }
      await vehicleChecksRepo.setItems(trx, p.orgId, row.id, snapshot);
      await audit.record(trx, p, {
        entity: "vehicle_check",
        id: row.id,
        action: "create",
        after: { vehicle_id: vehicleId, day, passed: row.passed, failed: failed.map((a) => itemName("en", a.item)) },
      });
      return { ...row, items: snapshot };
    });
  } catch (err) {
    for (const key of written) await store.remove(key).catch(() => undefined);
    throw err;
  }
}

/** The signed-in driver's checks today (the phone's "checked" line), newest first. */
export async function myChecksToday(ctx: AppContext, p: Principal) {
  return vehicleChecksRepo.byDriverDay(ctx.db, p.orgId, p.userId, await orgToday(ctx, p.orgId));
}

/** The vehicles a check page offers: the user's own first, then what they see. */
export async function checkableVehicles(ctx: AppContext, p: Principal) {
  const own = await vehicleChecksRepo.ownVehicle(ctx.db, p.orgId, p.userId);
  const seen = await vehicleOptions(ctx, p);
  const list = seen.map((v) => ({ id: v.id, registration: v.registration }));
  if (own && !list.some((v) => v.id === own.id)) list.unshift(own);
  return { own: own?.id ?? null, vehicles: list };
}

/** The latest checks of the vehicles the user sees (maintenance:read). */
export async function recentChecks(ctx: AppContext, p: Principal, limit = 50) {
  vehicleChecksPolicy.readChecks(p);
  const ids = [...(await visibleVehicleIds(ctx.db, p))];
  return vehicleChecksRepo.recent(ctx.db, p.orgId, ids, limit);
}

/** A failed item's photo: for the maintenance staff who see the vehicle, and for the driver who took it. */
export async function checkPhotoFile(ctx: AppContext, p: Principal, checkId: string, index: number) {
  const row = await vehicleChecksRepo.find(ctx.db, p.orgId, checkId);
  if (!row) throw notFound("check");
  const mine = row.driver_id === p.userId;
  if (!mine) {
    vehicleChecksPolicy.readChecks(p);
    if (!(await visibleVehicleIds(ctx.db, p, [row.vehicle_id])).size) throw notFound("check");
  }
  const item = row.items[index];
  if (!item?.photo_key || !item.photo_type) throw notFound("photo");
  return { type: item.photo_type, stream: mediaStore(ctx.config).read(item.photo_key) };
}

/** A check as posted by the page's form or the API (multipart): vehicle_id, result_<key>, note_<key>, photo_<key>. */
export async function checkSubmissionFromForm(
  ctx: AppContext,
  orgId: string,
  form: FormData,
): Promise<CheckSubmission> {
  const answers: Record<string, CheckAnswer> = {};
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === "string" ? v : null;
  };
  for (const item of await checklist(ctx, orgId)) {
    const result = text(`result_${item.key}`);
    answers[item.key] = {
      ok: result === "pass" ? true : result === "fail" ? false : null,
      note: text(`note_${item.key}`),
      photo: await formPhoto(form, `photo_${item.key}`),
    };
  }
  const vehicle = text("vehicle_id");
  return { vehicle_id: vehicle?.trim() || null, answers, made_at: text("made_at") };
}
