/**
 * VRP benchmark: runs the solver on public instances read at run time from the shared bench
 * data folder (never copied into the repository) and compares with best known values.
 *
 *   npm run bench:vrp -- --set solomon|homberger|augerat-A|augerat-B|augerat-P
 *                        [--instances C101,R101] [--time-limit SECONDS] [--seed N] [--data DIR]
 *                        [--iterations N]  (fixed budget instead of the time limit, for tuning)
 *                        [--convention hierarchical]  (Solomon/Homberger: vehicles first, then distance)
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { basename, join } from "node:path";
import { checkFeasibility, type Violation } from "../server/optimization/feasibility";
import { cvrpToProblem, parseCvrplib } from "../server/optimization/instances/augerat";
import { checkCvrpConvention, checkSolomonConvention } from "../server/optimization/instances/benchmark-check";
import { parseSolomon, solomonToProblem } from "../server/optimization/instances/solomon";
import type { SearchTuning } from "../server/optimization/solver/sisr";
import { solveVrp } from "../server/optimization/solver/solve";
import type { VrpProblem, VrpSolution } from "../server/optimization/types";

interface SetSpec {
  folder: string;
  ext: string;
  defaultLimit: number;
  classOf: (name: string) => string;
}

const SETS: Record<string, SetSpec> = {
  solomon: {
    folder: "solomon",
    ext: ".txt",
    defaultLimit: 10,
    classOf: (n) => n.match(/^[A-Z]+\d/i)?.[0].toUpperCase() ?? n,
  },
  homberger: { folder: "homberger", ext: ".txt", defaultLimit: 30, classOf: (n) => n.split("_")[0].toUpperCase() },
  "augerat-A": { folder: "augerat-A", ext: ".vrp", defaultLimit: 5, classOf: () => "A" },
  "augerat-B": { folder: "augerat-B", ext: ".vrp", defaultLimit: 5, classOf: () => "B" },
  "augerat-P": { folder: "augerat-P", ext: ".vrp", defaultLimit: 5, classOf: () => "P" },
};

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

interface Bks {
  vehicles: number;
  distance: number;
  convention: string;
  alternatives?: { vehicles: number; distance: number; convention: string }[];
}

/** Solomon/Homberger are measured under DIMACS (distance-only, one-decimal truncation). */
function reference(b: Bks, dimacs: boolean): { vehicles: number; distance: number } {
  if (!dimacs) return b;
  const alt = b.alternatives?.find((a) => a.convention.startsWith("distance-only (DIMACS"));
  if (!alt) throw new Error("no DIMACS best known value");
  return alt;
}

function naturalCompare(a: string, b: string) {
  return a.localeCompare(b, "en", { numeric: true });
}

/** The commit whose code this process loaded (read once: a commit made during a long run must not show up). */
const COMMIT = (() => {
  try {
    return execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: import.meta.dirname, encoding: "utf8" }).trim();
  } catch {
    return "unknown (not a git checkout)";
  }
})();

/** Machine conditions printed with the figures: the solver shares the CPU with whatever else runs. */
function conditions(): string {
  const commit = COMMIT;
  const load = loadavg()
    .map((x) => x.toFixed(2))
    .join(" ");
  return `${new Date().toISOString()}, commit ${commit}, ${cpus().length} cores (${cpus()[0]?.model.trim() ?? "?"}), load average ${load}`;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
}

async function main() {
  const setName = arg("set") ?? "solomon";
  const spec = SETS[setName];
  if (!spec) throw new Error(`unknown set ${setName}; one of ${Object.keys(SETS).join(", ")}`);
  const dataDir = arg("data") ?? join(import.meta.dirname, "../../shared/bench-data/vrp");
  if (!existsSync(join(dataDir, "bks.json"))) {
    console.log(`skipped: benchmark data not found at ${dataDir} (pass --data DIR)`);
    return;
  }
  const limit = Number(arg("time-limit") ?? spec.defaultLimit);
  const seed = Number(arg("seed") ?? 1);
  // a fixed iteration budget instead of a time limit: reproducible on a loaded machine
  const iterations = arg("iterations") ? Number(arg("iterations")) : undefined;
  // tuning knobs for experiments; the defaults are what the engine ships with
  const tuning: SearchTuning = {};
  const knobs: [string, keyof SearchTuning][] = [
    ["t0", "t0"],
    ["tf", "tf"],
    ["avg-removed", "avgRemoved"],
    ["max-string", "maxString"],
    ["blink", "blink"],
    ["split-grow", "splitGrow"],
    ["route-removal", "routeRemoval"],
    ["repair-share", "repairShare"],
    ["fleet-share", "fleetShare"],
  ];
  for (const [flag, key] of knobs) if (arg(flag) !== undefined) tuning[key] = Number(arg(flag));
  const bks: Record<string, Bks> = JSON.parse(readFileSync(join(dataDir, "bks.json"), "utf8"));
  const only = arg("instances")
    ?.split(",")
    .map((s) => s.trim().toLowerCase());
  const files = readdirSync(join(dataDir, spec.folder))
    .filter((f) => f.endsWith(spec.ext))
    .map((f) => basename(f, spec.ext))
    .filter((n) => !only || only.includes(n.toLowerCase()))
    .sort(naturalCompare);
  const vrptw = setName === "solomon" || setName === "homberger";
  // --convention hierarchical: vehicles first, then distance in double precision (the primary bks.json value)
  const hierarchical = vrptw && arg("convention") === "hierarchical";
  const dimacs = vrptw && !hierarchical;
  console.log(
    `set ${setName}, ${files.length} instances, time limit ${limit} s, seed ${seed}, node ${process.version}${Object.keys(tuning).length ? `, tuning ${JSON.stringify(tuning)}` : ""}`,
  );
  console.log(`conditions at start: ${conditions()}`);
  console.log(
    `convention: ${
      dimacs
        ? "DIMACS (distances and times truncated to 1 decimal, objective total distance, at most the file's vehicles)"
        : hierarchical
          ? "hierarchical (vehicles, then distance in double precision)"
          : "CVRPLIB Augerat (exactly k vehicles, TSPLIB EUC_2D nint distances, objective total distance)"
    }`,
  );
  console.log(
    "| instance | vehicles | distance | BKS vehicles | BKS distance | gap % | time s | iterations | feasible |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  const rows: { cls: string; gap: number; vehicles: number; time: number; iterations: number }[] = [];
  const errors: string[] = [];
  for (const name of files) {
    const text = readFileSync(join(dataDir, spec.folder, name + spec.ext), "utf8");
    let problem: VrpProblem;
    let scale = 1;
    let checkConvention: (sol: VrpSolution, distance: number) => Violation[];
    if (vrptw) {
      const inst = parseSolomon(text);
      const convention = dimacs ? "dimacs" : "hierarchical";
      ({ problem, scale } = solomonToProblem(inst, { convention }));
      checkConvention = (sol, distance) => checkSolomonConvention(inst, sol, distance, convention);
    } else {
      const inst = parseCvrplib(text);
      problem = cvrpToProblem(inst);
      checkConvention = (sol, distance) => checkCvrpConvention(inst, sol, distance);
    }
    const ref = reference(bks[name], dimacs);
    const proven = /proven optimal/i.test(bks[name].convention);
    const sol = await solveVrp(
      problem,
      { timeLimitMs: iterations ? 3_600_000 : limit * 1000, maxIterations: iterations, seed },
      tuning,
    );
    const distance = sol.summary.distance / scale;
    // the solver's own problem, then the set's convention recomputed from the instance file alone
    const violations = [...checkFeasibility(problem, sol), ...checkConvention(sol, distance)];
    const gap = (100 * (distance - ref.distance)) / ref.distance;
    const feasible = violations.length === 0 && sol.unassigned.length === 0;
    rows.push({
      cls: spec.classOf(name),
      gap,
      vehicles: sol.summary.vehicles,
      time: sol.elapsedMs / 1000,
      iterations: sol.iterations,
    });
    let flag = "";
    // best known values are printed to 2 decimals: a smaller difference is rounding
    if (distance < ref.distance - (proven ? 1e-9 : 0.005)) {
      flag = proven ? " **ERROR: below the proven optimum**" : " (below the best known value: verify)";
      if (proven) errors.push(`${name}: ${distance} < proven optimum ${ref.distance}`);
    }
    if (!feasible)
      errors.push(
        `${name}: ${violations.map((v) => v.message).join("; ") || ""}${sol.unassigned.length ? ` ${sol.unassigned.length} unassigned` : ""}`,
      );
    console.log(
      `| ${name} | ${sol.summary.vehicles} | ${distance.toFixed(1)} | ${ref.vehicles} | ${ref.distance} | ${gap.toFixed(2)}${flag} | ${(sol.elapsedMs / 1000).toFixed(1)} | ${sol.iterations} | ${feasible ? "yes" : `NO (${violations.length} violations, ${sol.unassigned.length} unassigned)`} |`,
    );
  }
  console.log("");
  console.log("| class | instances | avg vehicles | avg gap % |");
  console.log("|---|---:|---:|---:|");
  const classes = [...new Set(rows.map((r) => r.cls))];
  for (const c of classes) {
    const rs = rows.filter((r) => r.cls === c);
    const avg = (f: (r: (typeof rows)[number]) => number) => rs.reduce((a, r) => a + f(r), 0) / rs.length;
    console.log(`| ${c} | ${rs.length} | ${avg((r) => r.vehicles).toFixed(2)} | ${avg((r) => r.gap).toFixed(2)} |`);
  }
  const avgGap = rows.reduce((a, r) => a + r.gap, 0) / Math.max(rows.length, 1);
  console.log("");
  console.log(
    `average gap ${avgGap.toFixed(2)}% over ${rows.length} instances, median iterations ${median(rows.map((r) => r.iterations))}`,
  );
  console.log(`conditions at end: ${conditions()}`);
  if (errors.length > 0) {
    // a figure below a proven optimum, or a solution outside the convention, is a bug: never a result
    console.error("");
    console.error(`ERROR: ${errors.length} result(s) are not valid figures:`);
    for (const e of errors) console.error(`  ${e}`);
    process.exitCode = 1;
  }
}

await main();
