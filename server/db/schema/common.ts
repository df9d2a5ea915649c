import type { ColumnType } from "kysely";

/** Column types shared by the table files: what Kysely reads, what an insert and an update accept. */
export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type Numeric = ColumnType<string, number | string, number | string>;
export type NullableNumeric = ColumnType<string | null, number | string | null | undefined, number | string | null>;
export type DateOnly = ColumnType<string | null, string | null | undefined, string | null>;
/** a jsonb column written as a JSON string */
export type Json<T> = ColumnType<T, string | undefined, string>;
