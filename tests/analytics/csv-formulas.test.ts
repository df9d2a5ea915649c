import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createFuelReport } from "../../server/modules/maintenance/fuel.service";
import { reportCsv } from "../../server/modules/analytics/exports/csv-export";
import { REPORTS } from "../../server/report-catalogue";
import { periodOf } from "../../server/modules/shared/reports/period";
import type { ReportRow } from "../../server/modules/shared/reports/report-definition";
import { csvCell, parseCsvRecords } from "../../server/shared/csv";
import { addDays, todayIn } from "../../server/shared/dates";
import { createTestOrg, principalFor, type TestOrg } from "../support/context";
import { createVehicle } from "../support/factories";
import { startTestServer, type TestServer } from "../support/server";

/**
 * Issue 22: every CSV export writes its cells through the one shared writer (server/shared/csv.ts), which defuses a
 * text a spreadsheet would run as a formula (= + - @, tab, carriage return) and leaves numbers, negative ones too.
 */

const FORMULAS = ["=cmd|' /C calc'!A0", "@SUM(1)", "+1+1", "-2+3", "\t=1", "\r=1"];
const TEXT_KINDS = new Set(["text", "place", "date"]);
const NUMBER_KINDS = new Set(["count", "number", "speed", "percent"]);
const live = (cell: string) => /^[=+\-@\t\r]/.test(cell) && !/^-?\d+(\.\d+)?$/.test(cell);

describe("the shared CSV cell writer", () => {
  it("defuses formulas, keeps numbers (negative too) and quotes separators", () => {
    expect(csvCell("=cmd|' /C calc'!A0")).toBe("'=cmd|' /C calc'!A0");
    expect(csvCell("@SUM(1)")).toBe("'@SUM(1)");
    expect(csvCell("-2+3")).toBe("'-2+3");
    expect(csvCell(-12.5)).toBe("-12.5");
    expect(csvCell("-12.5")).toBe("-12.5");
    expect(csvCell("a;b")).toBe('"a;b"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
  });
});

describe("every report type of the analytics catalogue", () => {
  it("writes a formula-like text cell defused and negative numbers as numbers", () => {
    expect(REPORTS.length).toBeGreaterThan(20);
    for (const def of REPORTS) {
      const rows: ReportRow[] = FORMULAS.map((f) =>
        Object.fromEntries(
          def.columns.map((c) => [c.key, TEXT_KINDS.has(c.kind) ? f : NUMBER_KINDS.has(c.kind) ? -12.5 : 3600]),
        ),
      );
      const csv = reportCsv(
        {
          definition: def,
          common: {} as never,
          params: {},
          period: periodOf("2026-11-01", "2026-11-02", "Europe/Tirane"),
          result: { rows },
        },
        "en",
      );
      const records = parseCsvRecords(csv.replace(/^\uFEFF/, ""));
      const cells = records.slice(1).flatMap((r) => r.cells);
      expect(cells.filter(live), def.type).toEqual([]);
      const textCols = def.columns.filter((c) => c.kind === "text");
      for (const c of textCols) {
        const i = def.columns.indexOf(c);
        // a value the report translates (a status) is shown translated; any other text as it is, defused
        expect(records[1].cells[i], `${def.type}.${c.key}`).toMatch(/^('=cmd\|' \/C calc'!A0|[^=+\-@])/);
      }
      for (const c of def.columns.filter((x) => NUMBER_KINDS.has(x.kind))) {
        const i = def.columns.indexOf(c);
        expect(Number(records[1].cells[i]), `${def.type}.${c.key}`).toBeLessThan(0);
      }
    }
  });
});

describe("a report's CSV download", () => {
  let srv: TestServer;
  let org: TestOrg;
  beforeAll(async () => {
    srv = await startTestServer();
    org = await createTestOrg(srv.ctx);
  });
  afterAll(async () => srv?.close());

  it("defuses a fuel bill number written as a formula", async () => {
    const admin = await principalFor(srv.ctx, org.adminId);
    const v = await createVehicle(srv.ctx, { org });
    const day = addDays(todayIn("Europe/Tirane"), -1);
    await createFuelReport(srv.ctx, admin, {
      vehicle_id: v.id,
      filled_on: day,
      liters: "40",
      odometer_km: "1000",
      bill_number: "@SUM(1)",
      notes: "=cmd|' /C calc'!A0",
    });
    const res = await fetch(
      `${srv.url}/api/analytics/reports/fuel_refuels/export?format=csv&lng=en&from=${day}&to=${day}`,
      { headers: { authorization: `Bearer ${admin.token}` } },
    );
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("'@SUM(1)");
    expect(
      parseCsvRecords(text.replace(/^\uFEFF/, ""))
        .flatMap((r) => r.cells)
        .filter(live),
    ).toEqual([]);
  });
});

describe("the sources", () => {
  it("have no CSV writer of their own: every export quotes and defuses through server/shared/csv.ts", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const full = path.join(dir, name);
        if (statSync(full).isDirectory()) walk(full);
        else if (/\.tsx?$/.test(name)) files.push(full);
      }
    };
    walk(path.join(root, "server"));
    walk(path.join(root, "app"));
    const own = files.filter(
      (f) =>
        !f.endsWith(path.join("server", "shared", "csv.ts")) &&
        // a hand-made CSV quote: doubling quotes inside a cell
        /replace\(\/"\/g, ?['"`]""['"`]\)/.test(readFileSync(f, "utf8")),
    );
    expect(own.map((f) => path.relative(root, f))).toEqual([]);
  });
});
