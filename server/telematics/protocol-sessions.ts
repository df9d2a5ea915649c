import type { TcpProtocolName } from "../shared/protocols";
import { CobanSession } from "./gateway/coban-session";
import { GalileoskySession } from "./gateway/galileosky-session";
import { Gt06Session } from "./gateway/gt06-session";
import { H02Session } from "./gateway/h02-session";
import { Jt808Session } from "./gateway/jt808-session";
import { MeitrackSession } from "./gateway/meitrack-session";
import { QueclinkSession } from "./gateway/queclink-session";
import { RuptelaSession } from "./gateway/ruptela-session";
import type { ProtocolSession, SessionContext } from "./gateway/session";
import { SuntechSession } from "./gateway/suntech-session";
import { TeltonikaSession } from "./gateway/teltonika-session";
import { WialonSession } from "./gateway/wialon-session";

/** A protocol's session: one per connection, built when the device connects. */
export type SessionClass = new (ctx: SessionContext) => ProtocolSession;

/**
 * The server side of the protocol registry (server/shared/protocols.ts): each TCP protocol's session. The compiler
 * refuses a registry entry without its session here.
 */
export const PROTOCOL_SESSIONS = {
  teltonika: TeltonikaSession,
  gt06: Gt06Session,
  h02: H02Session,
  queclink: QueclinkSession,
  jt808: Jt808Session,
  wialon: WialonSession,
  coban: CobanSession,
  ruptela: RuptelaSession,
  meitrack: MeitrackSession,
  suntech: SuntechSession,
  galileosky: GalileoskySession,
} as const satisfies Record<TcpProtocolName, SessionClass>;
