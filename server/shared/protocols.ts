/**
 * Every device protocol Flota speaks, in one list (docs/telematics-protocols.md, "Adding a protocol"). Pure: no
 * Node imports, so the web app's pages (the help page's port table, the vehicle form's protocol choice) import it
 * as the server does. Every other protocol list derives from it: the `vehicles.device_protocol` values, the
 * gateways started and their `<NAME>_PORT` settings, the protocols that take commands, the sessions
 * (server/telematics/protocol-sessions.ts) and the refused frames' describers (server/protocols/describe-frame.ts),
 * the last two checked against it by the compiler.
 *
 * A new protocol is its codec (server/protocols/<name>.ts), its session (server/telematics/gateway/<name>-session.ts)
 * and one entry here.
 */

export interface ProtocolEntry {
  /** the protocol's name in a form's choice (a brand name: the same in every language) */
  readonly label: string;
  /** "tcp": a session on the TCP gateway; "http": the OsmAnd HTTP server */
  readonly transport: "tcp" | "http";
  /** Traccar's port for the protocol (devices set up for a Traccar server work unchanged); `<NAME>_PORT` moves it */
  readonly port: number;
  /** also connectionless on the same port number (Teltonika's UDP form) */
  readonly udp?: true;
  /** the gateway can drive the immobiliser relay (block/unblock) and send custom text */
  readonly commands: boolean;
}

export const PROTOCOLS = {
  teltonika: { label: "Teltonika", transport: "tcp", port: 5027, udp: true, commands: true },
  gt06: { label: "GT06", transport: "tcp", port: 5023, commands: true },
  osmand: { label: "OsmAnd", transport: "http", port: 5055, commands: false },
  h02: { label: "H02", transport: "tcp", port: 5013, commands: true },
  queclink: { label: "Queclink", transport: "tcp", port: 5004, commands: true },
  jt808: { label: "JT/T 808", transport: "tcp", port: 5015, commands: true },
  wialon: { label: "Wialon IPS", transport: "tcp", port: 5039, commands: true },
  coban: { label: "Coban / GPS103", transport: "tcp", port: 5001, commands: true },
  ruptela: { label: "Ruptela", transport: "tcp", port: 5046, commands: true },
  meitrack: { label: "Meitrack", transport: "tcp", port: 5020, commands: true },
  suntech: { label: "Suntech", transport: "tcp", port: 5011, commands: true },
  galileosky: { label: "Galileosky", transport: "tcp", port: 5034, commands: true },
} as const satisfies Record<string, ProtocolEntry>;

type Registry = typeof PROTOCOLS;

/** a `vehicles.device_protocol` value */
export type ProtocolName = keyof Registry;
/** the protocols served by a session on the TCP gateway */
export type TcpProtocolName = { [N in ProtocolName]: Registry[N]["transport"] extends "tcp" ? N : never }[ProtocolName];
/** the protocols whose gateway takes commands (block/unblock) */
export type CommandProtocolName = {
  [N in ProtocolName]: Registry[N]["commands"] extends true ? N : never;
}[ProtocolName];
/** a protocol's port setting: `GALILEOSKY_PORT` for `galileosky` */
export type ProtocolPortVariable<N extends ProtocolName = ProtocolName> = `${Uppercase<N>}_PORT`;

const names = <N extends ProtocolName>(keep: (entry: ProtocolEntry) => boolean) =>
  (Object.keys(PROTOCOLS) as ProtocolName[]).filter((n) => keep(PROTOCOLS[n])) as unknown as readonly [N, ...N[]];

/** every protocol, in the registry's order (a zod enum takes it as it is) */
export const PROTOCOL_NAMES = names<ProtocolName>(() => true);
export const TCP_PROTOCOLS = names<TcpProtocolName>((p) => p.transport === "tcp");
export const COMMAND_PROTOCOLS = names<CommandProtocolName>((p) => p.commands);

export function isProtocolName(value: unknown): value is ProtocolName {
  return typeof value === "string" && Object.hasOwn(PROTOCOLS, value);
}

export function isCommandProtocol(value: unknown): value is CommandProtocolName {
  return isProtocolName(value) && PROTOCOLS[value].commands;
}

export function protocolPortVariable<N extends ProtocolName>(name: N): ProtocolPortVariable<N> {
  return `${name.toUpperCase()}_PORT` as ProtocolPortVariable<N>;
}

/** one value per protocol, e.g. `byProtocol(() => 0)`: every gateway on a free port */
export function byProtocol<T>(value: (name: ProtocolName) => T): Record<ProtocolName, T> {
  return Object.fromEntries(PROTOCOL_NAMES.map((name) => [name, value(name)])) as Record<ProtocolName, T>;
}
