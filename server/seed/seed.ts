import { seedDemoAlerts } from "./seed-alerts";
import { seedDemoCarSharing } from "./seed-car-sharing";
import { seedDemoMaintenance } from "./seed-maintenance";
import { seedDemoRoutePlanning } from "./seed-route-planning";
import { seedDemoTms } from "./seed-tms";
import { seedDemoVideo } from "./seed-video";
import { seedDemoHistory } from "./seed-history";
import { seedDemoDashboard } from "./seed-dashboard";
import type { DB } from "../db/database";
import { hashPassword } from "../security/passwords";
import type { RoleKey } from "../modules/access/permissions";
import { rolesRepo } from "../modules/access/roles.repo";

export interface NewOrganization {
  name: string;
  operator?: boolean;
  admin: { email: string; password: string; firstName?: string; lastName?: string; language?: "al" | "en" };
}

/** Creates an organisation with its system roles, settings and first administrator. */
export async function createOrganization(db: DB, input: NewOrganization) {
  return db.transaction().execute(async (trx) => {
    const org = await trx
      .insertInto("organizations")
      .values({ name: input.name, country: "Albania", is_operator: input.operator ?? false })
      .returningAll()
      .executeTakeFirstOrThrow();
    await trx.insertInto("organization_settings").values({ org_id: org.id }).execute();
    const roles = await rolesRepo.insertSystemRoles(trx, org.id);
    const admin = await trx
      .insertInto("users")
      .values({
        org_id: org.id,
        email: input.admin.email.toLowerCase(),
        password_hash: await hashPassword(input.admin.password),
        first_name: input.admin.firstName ?? "Admin",
        last_name: input.admin.lastName ?? "Flota",
        role_id: roles.administrator,
        default_language: input.admin.language ?? "al",
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return { org, roles, adminId: admin.id };
  });
}

const FIRST = [
  "Arben",
  "Blerina",
  "Dritan",
  "Elira",
  "Fatmir",
  "Genta",
  "Ilir",
  "Jonida",
  "Klodian",
  "Lindita",
  "Mirela",
  "Nertil",
  "Orges",
  "Pranvera",
  "Sokol",
];
const LAST = ["Hoxha", "Shehu", "Krasniqi", "Gashi", "Berisha", "Dervishi", "Kola", "Leka", "Marku", "Prifti"];
const CATEGORY_PLAN: Array<["Truck" | "Van" | "Car", string, number, number]> = [
  ["Truck", "diesel", 32, 400],
  ["Van", "diesel", 11, 80],
  ["Car", "petrol", 7, 50],
];

export const DEMO_PASSWORD = "demo-demo";

/** The demo organisation: 3 teams, users of each role, drivers and 25 vehicles of the three categories. */
/** Demo vehicles driven over JT/T 808 (a 12-digit terminal id) and Queclink instead of Teltonika. */
const DEMO_TRACKERS: Record<number, { protocol: "jt808" | "queclink"; id: string }> = {
  5: { protocol: "jt808", id: "860000000005" },
  6: { protocol: "queclink", id: "862000000000006" },
};

export async function seedDemo(
  db: DB,
  orgId: string,
  roles: Record<RoleKey, string>,
  opts: { emailDomain?: string; imeiPrefix?: string } = {},
) {
  const domain = opts.emailDomain ?? "flota.local";
  const teamNames = ["Tirana Centre", "Durrës Port", "Elbasan Logistics"];
  const teams: string[] = [];
  for (const name of teamNames) {
    teams.push(
      (await db.insertInto("teams").values({ org_id: orgId, name }).returning("id").executeTakeFirstOrThrow()).id,
    );
  }
  const demoHash = await hashPassword(DEMO_PASSWORD);
  const roleUsers: Array<[RoleKey, string, string, string]> = [
    ["fleet_manager", `manager@${domain}`, "Elira", "Gashi"],
    ["dispatcher", `dispatcher@${domain}`, "Dritan", "Shehu"],
    ["viewer", `viewer@${domain}`, "Genta", "Kola"],
    ["driver", `driver@${domain}`, "Ilir", "Leka"],
  ];
  for (const [i, [role, email, first, last]] of roleUsers.entries()) {
    await db
      .insertInto("users")
      .values({
        org_id: orgId,
        email,
        password_hash: demoHash,
        first_name: first,
        last_name: last,
        role_id: roles[role],
        team_id: role === "fleet_manager" ? null : teams[i % teams.length],
        is_driver: role === "driver",
        default_language: i % 2 === 0 ? "en" : "al",
      })
      .execute();
  }
  const drivers: string[] = [];
  for (let i = 0; i < 12; i++) {
    const row = await db
      .insertInto("users")
      .values({
        org_id: orgId,
        first_name: FIRST[i % FIRST.length],
        last_name: LAST[(i * 3) % LAST.length],
        role_id: roles.driver,
        team_id: teams[i % 3],
        is_driver: true,
        phone: `+355 69 ${String(2000000 + i * 7919).slice(0, 7)}`,
        personal_number: `J${String(80000000 + i * 1237)}N`,
        birthday: `19${70 + (i % 25)}-0${1 + (i % 9)}-1${i % 9}`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    drivers.push(row.id);
  }
  const letters = "ABCDEFGHJKLMNPRSTVZ";
  for (let i = 0; i < 25; i++) {
    const [category, fuel, consumption, tank] = CATEGORY_PLAN[i % 3];
    const reg = `AA ${String(101 + i * 37).padStart(3, "0")} ${letters[i % letters.length]}${letters[(i * 7) % letters.length]}`;
    await db
      .insertInto("vehicles")
      .values({
        org_id: orgId,
        registration: reg,
        category,
        fuel,
        fuel_consumption: consumption,
        tank_volume: tank,
        vehicle_year: 2012 + (i % 12),
        identifier_name: `${category} ${i + 1}`,
        fleet_number: `F-${String(i + 1).padStart(3, "0")}`,
        team_id: teams[i % 3],
        driver_id: i < drivers.length ? drivers[i] : null,
        country: "Albania",
        device_imei:
          opts.imeiPrefix === undefined
            ? (DEMO_TRACKERS[i]?.id ?? `35${String(1000000000000 + i).padStart(13, "0")}`)
            : opts.imeiPrefix
              ? `${opts.imeiPrefix}${String(i).padStart(4, "0")}`
              : null,
        device_protocol:
          opts.imeiPrefix === undefined && DEMO_TRACKERS[i]
            ? DEMO_TRACKERS[i].protocol
            : i % 5 === 4
              ? "osmand"
              : "teltonika",
      })
      .execute();
  }
}

/** First start: the organisation and administrator from the environment, with demo data unless disabled. */
export async function ensureInitialData(db: DB, opts: { adminEmail: string; adminPassword: string; demo: boolean }) {
  const existing = await db.selectFrom("organizations").select("id").limit(1).executeTakeFirst();
  if (existing) return { created: false as const };
  const { org, roles, adminId } = await createOrganization(db, {
    name: opts.demo ? "Flota Demo" : "My organisation",
    operator: true,
    admin: { email: opts.adminEmail, password: opts.adminPassword },
  });
  if (opts.demo) {
    await seedDemo(db, org.id, roles);
    const manager = await db
      .selectFrom("users")
      .select("id")
      .where("org_id", "=", org.id)
      .where("email", "=", "manager@flota.local")
      .executeTakeFirst();
    await seedDemoAlerts(db, org.id, [adminId, ...(manager ? [manager.id] : [])]);
    await seedDemoCarSharing(db, org.id, adminId);
    await seedDemoMaintenance(db, org.id, manager?.id ?? adminId);
    await seedDemoRoutePlanning(db, org.id);
    await seedDemoTms(db, org.id);
    await seedDemoVideo(db, org.id);
    await seedDemoHistory(db, org.id);
    await seedDemoDashboard(db, org.id, adminId, manager ? [manager.id] : []);
  }
  return { created: true as const, orgId: org.id };
}
