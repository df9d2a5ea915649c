// Read by table-ownership.test.ts as text, never run: one of each shape the table scanner must see.
declare const db: any;
declare const sql: any;
// a comment naming FROM places is not a reference
export const probe = () => [
  db.insertInto("alerts").values({}),
  db.selectFrom("vehicles").innerJoin("vehicle_state as s", "s.vehicle_id", "vehicles.id"),
  sql`SELECT count(*) FROM positions p WHERE p.vehicle_id = ${1}`,
  sql`UPDATE bookings SET status = 'x'`,
];
