import type { Generated } from "kysely";
import type { SessionSupportColumns } from "./admin";
import type { Timestamp } from "./common";

/** Sessions, sign-in attempts and password resets. */
export interface AuthTables {
  sessions: SessionsTable;
  login_attempts: LoginAttemptsTable;
  password_resets: PasswordResetsTable;
}

export interface SessionsTable extends SessionSupportColumns {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  token_hash: string;
  socket_token_hash: string;
  csrf_token: string;
  kind: Generated<"web" | "api" | "sso">;
  scope: Generated<string>;
  ip: string | null;
  user_agent: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginAttemptsTable {
  id: Generated<string>;
  key: string;
  created_at: Timestamp;
}

export interface PasswordResetsTable {
  id: Generated<string>;
  org_id: string;
  user_id: string;
  code_hash: string;
  attempts: Generated<number>;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}
