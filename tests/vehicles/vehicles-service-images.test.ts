import { describe, expect, it } from "vitest";
import {
  addVehicleImages,
  createVehicle,
  deleteVehicleImage,
  getVehicle,
  getVehicleImage,
} from "../../server/modules/vehicles/vehicles.service";
import { codeOf, input, PNG, png, vehiclesServiceSuite } from "./vehicles-service-helpers";

/** The vehicle service's images: at most three, real images only, stored with their sniffed type. */

const s = vehiclesServiceSuite();

describe("vehicle images (spec: up to 3, 'maximum number of images exceeded')", () => {
  it("accepts 3 images at creation and refuses a 4th without saving the vehicle", async () => {
    const three = await createVehicle(s.ctx, s.admin, input(), [png(), png(), png()]);
    expect(await s.imageCount(three.id)).toBe(3);
    const reg = input().registration;
    expect(
      await codeOf(createVehicle(s.ctx, s.admin, input({ registration: reg }), [png(), png(), png(), png()])),
    ).toEqual({ code: "MAX_IMAGES_EXCEEDED", field: "images" });
    expect(
      await s.ctx.db
        .selectFrom("vehicles")
        .select("id")
        .where("org_id", "=", s.org.orgId)
        .where("registration", "=", reg)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it("refuses an upload that would pass the limit and keeps what was there (2 + 2 stays 2)", async () => {
    const v = await createVehicle(s.ctx, s.admin, input());
    await addVehicleImages(s.ctx, s.admin, v.id, [png(), png()]);
    expect((await codeOf(addVehicleImages(s.ctx, s.admin, v.id, [png(), png()]))).code).toBe("MAX_IMAGES_EXCEEDED");
    expect(await s.imageCount(v.id)).toBe(2);
    await addVehicleImages(s.ctx, s.admin, v.id, [png()]);
    expect(await s.imageCount(v.id)).toBe(3);
    expect((await codeOf(addVehicleImages(s.ctx, s.admin, v.id, [png()]))).code).toBe("MAX_IMAGES_EXCEEDED");
  });

  it("refuses bytes that are not an image, whatever the declared type, and saves none of the upload", async () => {
    const v = await createVehicle(s.ctx, s.admin, input());
    const fake = { contentType: "image/png", data: Buffer.from("<svg onload=alert(1)>") };
    expect((await codeOf(addVehicleImages(s.ctx, s.admin, v.id, [png(), fake]))).code).toBe("IMAGE_INVALID");
    expect(await s.imageCount(v.id)).toBe(0);
  });

  it("stores the sniffed type and deletes one image of the vehicle", async () => {
    const v = await createVehicle(s.ctx, s.admin, input(), [{ contentType: "image/jpeg", data: PNG }, png()]);
    const { images } = await getVehicle(s.ctx, s.admin, v.id);
    const img = await getVehicleImage(s.ctx, s.admin, v.id, images[0].id);
    expect(img.content_type).toBe("image/png");
    expect(Buffer.compare(img.data, PNG)).toBe(0);
    await deleteVehicleImage(s.ctx, s.admin, v.id, images[0].id);
    expect(await s.imageCount(v.id)).toBe(1);
    expect((await codeOf(deleteVehicleImage(s.ctx, s.admin, v.id, images[0].id))).code).toBe("NOT_FOUND");
  });
});
