import { createHash } from "node:crypto";
import type { AppContext } from "../../server/context";
import { createUser, createVehicle, type UserOptions } from "../support/factories";
import { principalFor, type TestOrg } from "../support/context";

/** A vehicle with a Teltonika tracker and a DualCam (front and rear). */
export async function createCameraVehicle(ctx: AppContext, opts: { org?: TestOrg; team?: string | null } = {}) {
  const v = await createVehicle(ctx, { org: opts.org, team: opts.team ?? null, device: "teltonika" });
  await ctx.db
    .insertInto("vehicle_cameras")
    .values({ org_id: v.org.orgId, vehicle_id: v.id, front: true, rear: true })
    .execute();
  return v;
}

export async function principalWithRole(
  ctx: AppContext,
  org: TestOrg,
  role: UserOptions["role"],
  team: string | null = null,
) {
  const u = await createUser(ctx, { org, role, team });
  return principalFor(ctx, u.id);
}

/** A fake JPEG / MP4 of a given size (a start marker and a pattern), deterministic. */
export function sampleFile(kind: "photo" | "video", size: number): Buffer {
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i++) b[i] = (i * 31 + 7) & 0xff;
  if (kind === "photo") b.set([0xff, 0xd8, 0xff, 0xe0], 0);
  else b.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70], 0);
  return b;
}

export const sha256 = (b: Buffer) => createHash("sha256").update(b).digest("hex");
