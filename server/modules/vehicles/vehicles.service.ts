import type { AppContext } from "../../context";
import { AppError, notFound } from "../../errors";
import type { Principal } from "../access/principal";
import { audit } from "../audit";
import { assertDeviceQuota } from "./device-quota";
import { pickSort, toPage, type ListQuery } from "../shared/listing";
import { mapPage } from "../shared/mapping";
import { existingTeamIds } from "../teams";
import { assignableDrivers, findPersonTeam } from "../users";
import { toVehicleDetailsDto, toVehicleDto, toVehicleListItemDto } from "./vehicles.mapper";
import { vehiclesPolicy } from "./vehicles.policy";
import { vehiclesRepo, type VehicleSort } from "./vehicles.repo";
import { IMAGE_TYPES, MAX_VEHICLE_IMAGES, vehicleInputSchema, type VehicleInput } from "./vehicles.schema";

export async function listVehicles(
  ctx: AppContext,
  p: Principal,
  q: ListQuery,
  filter: { category?: string; team?: string } = {},
) {
  vehiclesPolicy.read(p);
  const sort = pickSort<VehicleSort>(
    q.sort,
    ["registration", "category", "name", "team", "year", "fleet"],
    "registration",
  );
  const { items, total } = await vehiclesRepo.list(ctx.db, p, q, sort, filter);
  return mapPage(toPage(items, total, q), toVehicleListItemDto);
}

export async function vehicleOptions(ctx: AppContext, p: Principal) {
  return vehiclesRepo.listVisible(ctx.db, p);
}

/** Drivers the user may assign: drivers of the organisation in the teams the user can see, plus the vehicle's current driver. */
export async function driverOptions(ctx: AppContext, p: Principal, currentDriverId: string | null = null) {
  return assignableDrivers(ctx, p, currentDriverId);
}

/** The unique indexes also guard against two saves racing past the checks above them. */
function mapUniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string };
  if (e?.code === "23505" && e.constraint === "vehicles_org_registration") {
    throw new AppError("REGISTRATION_TAKEN", "A vehicle with this registration exists", { field: "registration" });
  }
  if (e?.code === "23505" && e.constraint === "vehicles_device") {
    throw new AppError("DEVICE_TAKEN", "This device is attached to another vehicle", { field: "device_imei" });
  }
  throw err;
}

export async function getVehicle(ctx: AppContext, p: Principal, id: string) {
  vehiclesPolicy.read(p);
  const v = await vehiclesRepo.findById(ctx.db, p.orgId, id);
  vehiclesPolicy.see(p, v);
  const images = await vehiclesRepo.listImages(ctx.db, p.orgId, id);
  return toVehicleDetailsDto({ ...v, images });
}

async function checkReferences(
  ctx: AppContext,
  p: Principal,
  input: VehicleInput,
  exceptId?: string,
  keepDriverId?: string | null,
) {
  if (await vehiclesRepo.registrationExists(ctx.db, p.orgId, input.registration, exceptId)) {
    throw new AppError("REGISTRATION_TAKEN", "A vehicle with this registration exists", { field: "registration" });
  }
  if (input.device_imei && (await vehiclesRepo.deviceTaken(ctx.db, input.device_imei, exceptId))) {
    throw new AppError("DEVICE_TAKEN", "This device is attached to another vehicle", { field: "device_imei" });
  }
  if (input.team_id) {
    if (!(await existingTeamIds(ctx, p.orgId, [input.team_id])).size)
      throw new AppError("VALIDATION", "Unknown team", { field: "team_id" });
  }
  if (input.driver_id) {
    const driver = await findPersonTeam(ctx, p.orgId, input.driver_id);
    if (!driver || (driver.id !== keepDriverId && p.teamIds !== "all" && !p.teamIds.includes(driver.team_id ?? ""))) {
      throw new AppError("VALIDATION", "Unknown driver", { field: "driver_id" });
    }
  }
  vehiclesPolicy.assignTeam(p, input.team_id);
}

export async function createVehicle(ctx: AppContext, p: Principal, input: VehicleInput, images: UploadedImage[] = []) {
  vehiclesPolicy.write(p);
  await checkReferences(ctx, p, input);
  const prepared = images.map((i) => checkImage(ctx, i));
  if (prepared.length > MAX_VEHICLE_IMAGES) throw maxImages();
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      if (input.device_imei) await assertDeviceQuota(trx, p.orgId);
      const v = await vehiclesRepo.insert(trx, { ...input, org_id: p.orgId });
      for (const img of prepared) await vehiclesRepo.insertImage(trx, { org_id: p.orgId, vehicle_id: v.id, ...img });
      await audit.record(trx, p, {
        entity: "vehicle",
        id: v.id,
        action: "create",
        after: { ...v, images: prepared.length },
      });
      return toVehicleDto(v);
    })
    .catch(mapUniqueViolation);
}

/** An update replaces the whole record: a field left out is cleared, not kept. */
function replacing(input: VehicleInput): VehicleInput {
  const out: Record<string, unknown> = { ...input };
  for (const key of Object.keys(vehicleInputSchema.shape)) if (out[key] === undefined) out[key] = null;
  return out as VehicleInput;
}

export async function updateVehicle(ctx: AppContext, p: Principal, id: string, input: VehicleInput) {
  vehiclesPolicy.write(p);
  const current = await vehiclesRepo.findById(ctx.db, p.orgId, id);
  vehiclesPolicy.see(p, current);
  await checkReferences(ctx, p, input, id, current.driver_id);
  return ctx.db
    .transaction()
    .execute(async (trx) => {
      // Only a vehicle that gets its first device takes a slot of the quota; a changed identifier keeps its slot.
      if (input.device_imei && !current.device_imei) await assertDeviceQuota(trx, p.orgId);
      const v = await vehiclesRepo.update(trx, p.orgId, id, replacing(input));
      if (!v) throw notFound("vehicle");
      await audit.record(trx, p, { entity: "vehicle", id, action: "update", before: current, after: v });
      return toVehicleDto(v);
    })
    .catch(mapUniqueViolation);
}

export async function deleteVehicle(ctx: AppContext, p: Principal, id: string) {
  vehiclesPolicy.delete(p);
  const current = await vehiclesRepo.findById(ctx.db, p.orgId, id);
  vehiclesPolicy.see(p, current);
  await ctx.db.transaction().execute(async (trx) => {
    await vehiclesRepo.delete(trx, p.orgId, id);
    await audit.record(trx, p, { entity: "vehicle", id, action: "delete", before: current });
  });
}

export interface UploadedImage {
  contentType: string;
  data: Buffer;
}

const maxImages = () =>
  new AppError("MAX_IMAGES_EXCEEDED", "maximum number of images exceeded", {
    field: "images",
    max: MAX_VEHICLE_IMAGES,
  });

function sniffImageType(data: Buffer): string | null {
  if (data.length > 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return "image/jpeg";
  if (data.length > 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return "image/png";
  if (data.length > 12 && data.toString("ascii", 0, 4) === "RIFF" && data.toString("ascii", 8, 12) === "WEBP")
    return "image/webp";
  return null;
}

function checkImage(ctx: AppContext, img: UploadedImage) {
  const type = sniffImageType(img.data);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) {
    throw new AppError("IMAGE_INVALID", "Images must be JPEG, PNG or WebP", { field: "images" });
  }
  if (img.data.length > ctx.config.UPLOAD_MAX_IMAGE_BYTES) {
    throw new AppError("IMAGE_INVALID", "Image is too large", {
      field: "images",
      maxBytes: ctx.config.UPLOAD_MAX_IMAGE_BYTES,
    });
  }
  return { content_type: type, byte_size: img.data.length, data: img.data };
}

/** Adds images all-or-nothing; the vehicle row is locked so two uploads cannot pass the limit together. */
export async function addVehicleImages(ctx: AppContext, p: Principal, vehicleId: string, images: UploadedImage[]) {
  vehiclesPolicy.write(p);
  const v = await vehiclesRepo.findById(ctx.db, p.orgId, vehicleId);
  vehiclesPolicy.see(p, v);
  const prepared = images.map((i) => checkImage(ctx, i));
  await ctx.db.transaction().execute(async (trx) => {
    await vehiclesRepo.lock(trx, p.orgId, vehicleId);
    const existing = await vehiclesRepo.countImages(trx, p.orgId, vehicleId);
    if (existing + prepared.length > MAX_VEHICLE_IMAGES) throw maxImages();
    for (const img of prepared) await vehiclesRepo.insertImage(trx, { org_id: p.orgId, vehicle_id: vehicleId, ...img });
    await audit.record(trx, p, {
      entity: "vehicle",
      id: vehicleId,
      action: "add_images",
      after: { images: existing + prepared.length },
    });
  });
}

export async function getVehicleImage(ctx: AppContext, p: Principal, vehicleId: string, imageId: string) {
  vehiclesPolicy.read(p);
  const v = await vehiclesRepo.findById(ctx.db, p.orgId, vehicleId);
  vehiclesPolicy.see(p, v);
  const img = await vehiclesRepo.findImage(ctx.db, p.orgId, vehicleId, imageId);
  if (!img) throw notFound("image");
  return img;
}

export async function deleteVehicleImage(ctx: AppContext, p: Principal, vehicleId: string, imageId: string) {
  vehiclesPolicy.write(p);
  const v = await vehiclesRepo.findById(ctx.db, p.orgId, vehicleId);
  vehiclesPolicy.see(p, v);
  await ctx.db.transaction().execute(async (trx) => {
    const res = await vehiclesRepo.deleteImage(trx, p.orgId, vehicleId, imageId);
    if (!res.numDeletedRows) throw notFound("image");
    await audit.record(trx, p, {
      entity: "vehicle",
      id: vehicleId,
      action: "delete_image",
      before: { image_id: imageId },
    });
  });
}
