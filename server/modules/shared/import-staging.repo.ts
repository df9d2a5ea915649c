import { type ColumnType, type Generated, type Insertable, type Kysely, type Selectable, sql } from "kysely";
import type { DB } from "../../db/database";
import type { Database } from "../../db/schema";
import type { Timestamp } from "../../db/schema/common";

/**
 * The staging table of a two-step file import (upload and preview, then commit): the checked rows and their errors
 * wait here, one row per upload, until the user commits or leaves them (app/lib/import.server.ts). Each owning module
 * keeps its own table and names it in its repository: `export const importsRepo = importStaging("place_imports")`.
 */
interface StagingColumns {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  file_name: string;
  total_rows: number;
  valid_rows: ColumnType<unknown[], string, string>;
  errors: ColumnType<unknown[], string, string>;
  created_at: Timestamp;
}

/** The tables that have a staging table's columns (a module may add its own, as places' `format`). */
export type StagingTable = {
  [K in keyof Database]: Selectable<Database[K]> extends Selectable<StagingColumns> ? K : never;
}[keyof Database];

/** What an upload stores: its own columns, with the rows and errors as values (stored as JSON). */
export type StagedUpload<T extends StagingTable> = Omit<
  Insertable<Database[T]>,
  "id" | "org_id" | "created_at" | "valid_rows" | "errors"
> & { valid_rows: unknown[]; errors: unknown[] };

export function importStaging<T extends StagingTable>(table: T) {
  // every staging table has the same columns, so its queries are typed once against them
  const staging = (db: DB) => db as unknown as Kysely<{ staging: StagingColumns }>;
  const name = table as unknown as "staging";
  return {
    insert(db: DB, orgId: string, v: StagedUpload<T>) {
      return staging(db)
        .insertInto(name)
        .values({
          org_id: orgId,
          ...v,
          valid_rows: JSON.stringify(v.valid_rows),
          errors: JSON.stringify(v.errors),
        } as Insertable<StagingColumns>)
        .returning(["id"])
        .executeTakeFirstOrThrow();
    },
    /** The user's own upload (another user's token finds nothing). */
    async find(db: DB, orgId: string, userId: string, id: string): Promise<Selectable<Database[T]> | undefined> {
      const row = await staging(db)
        .selectFrom(name)
        .selectAll()
        .where("org_id", "=", orgId)
        .where("user_id", "=", userId)
        .where("id", "=", id)
        .executeTakeFirst();
      return row as Selectable<Database[T]> | undefined;
    },
    delete(db: DB, orgId: string, id: string) {
      return staging(db).deleteFrom(name).where("org_id", "=", orgId).where("id", "=", id).execute();
    },
    /** Uploads nobody acted on are dropped after a while; cheap enough to run at each upload. */
    purgeOlderThan(db: DB, minutes: number) {
      return staging(db)
        .deleteFrom(name)
        .where("created_at", "<", sql<Date>`now() - make_interval(mins => ${minutes})`)
        .execute();
    },
  };
}
