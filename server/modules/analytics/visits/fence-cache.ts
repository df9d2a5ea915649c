import type { Kysely } from "kysely";
import type { Database } from "../../../db/schema";
import { configVersions } from "../../alerts";
import type { GeofenceIndex } from "../../places";
import { visitsRepo } from "./visits.repo";

/**
 * Each organisation's geofence index for the position pipeline, reloaded when its configuration version
 * (bumped by a trigger on every geofence change, see 0005_alerts.sql) moves; versions are checked at most
 * every `checkMs`, so a transaction of positions usually costs no query here.
 */
export class FenceCache {
  private entries = new Map<string, { index: GeofenceIndex | null; version: string; checkedAt: number }>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkMs = 1000,
  ) {}

  async forOrgs(orgIds: string[]): Promise<Map<string, GeofenceIndex | null>> {
    const now = Date.now();
    const stale = orgIds.filter((id) => {
      const e = this.entries.get(id);
      return !e || now - e.checkedAt >= this.checkMs;
    });
    if (stale.length) {
      const versions = await configVersions(this.db, stale);
      const reload = stale.filter((id) => this.entries.get(id)?.version !== (versions.get(id) ?? "0"));
      const fresh = reload.length
        ? await visitsRepo.fenceIndexes(this.db, reload)
        : new Map<string, GeofenceIndex | null>();
      for (const id of stale) {
        const e = this.entries.get(id);
        const version = versions.get(id) ?? "0";
        if (fresh.has(id)) this.entries.set(id, { index: fresh.get(id)!, version, checkedAt: now });
        else if (e) e.checkedAt = now;
      }
    }
    return new Map(orgIds.map((id) => [id, this.entries.get(id)?.index ?? null]));
  }
}
