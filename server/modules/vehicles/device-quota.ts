import type { DB } from "../../db/database";
import { AppError } from "../../errors";
import { deviceQuotaRepo } from "./device-quota.repo";

/**
 * Refuses a vehicle's device when the organisation has used its quota (set by the installation's administration,
 * the tenants module, in organizations.device_quota). Call it inside the transaction that
 * attaches the device, before the write: it locks the organisation row, so two saves cannot both take the last slot.
 */
export async function assertDeviceQuota(db: DB, orgId: string): Promise<void> {
  const org = await deviceQuotaRepo.lockQuota(db, orgId);
  if (!org || org.device_quota === null) return;
  const used = await deviceQuotaRepo.countDevices(db, orgId);
  if (used >= org.device_quota) {
    throw new AppError(
      "DEVICE_QUOTA_EXCEEDED",
      `The organisation may have at most ${org.device_quota} vehicles with a device`,
      {
        field: "device_imei",
        quota: org.device_quota,
        used,
      },
    );
  }
}
