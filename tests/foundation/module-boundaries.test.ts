import { readdirSync, readFileSync, statSync, existsSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { appImportProblem, resolveTarget } from "../../scripts/eslint/app-front-door.js";

/**
 * Modules meet at their front door (docs/architecture.md): every server module has an index.ts; nothing outside a
 * module (other modules, the HTTP adapters, the gateways, jobs, benchmarks, templates) imports its other files;
 * modules depend on each other without a loop; no module imports a floor above it; and the web app meets the
 * server at the doors in two tiers (scripts/eslint/app-front-door.js: glue through a module's index, route modules
 * and components through their glue, never server/http).
 */
const ROOT = path.resolve(__dirname, "../..");
const MODULES = path.join(ROOT, "server/modules");
const OPEN_TO_ALL = new Set(["shared", "access"]);
/** the floors above the modules: the adapters and the composition root */
const ABOVE = [
  "server/http",
  "server/telematics",
  "server/cli",
  "server/seed",
  "server/simulator",
  "server/runtime",
  "server/bootstrap",
  "server/event-readers",
  "server/report-catalogue",
  "jobs",
  "app",
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) ? [p] : [];
  });
}

const SPEC = /(?:^|\n)\s*(?:import|export)\b[^"';]*?\bfrom\s*"(\.[^"]+)"|\bimport\s*\(?\s*"(\.[^"]+)"/g;
function importsOf(file: string): string[] {
  const out: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(SPEC)) {
    const spec = m[1] ?? m[2];
    out.push(
      path
        .relative(ROOT, path.resolve(path.dirname(file), spec))
        .split(path.sep)
        .join("/"),
    );
  }
  return out;
}
const moduleOf = (rel: string) => {
  const p = rel.split("/");
  return p[0] === "server" && p[1] === "modules" && p.length > 2 ? { name: p[2], inside: p.slice(3).join("/") } : null;
};
const modules = readdirSync(MODULES).filter((d) => statSync(path.join(MODULES, d)).isDirectory());

describe("server modules meet only at their front door", () => {
  it("every module has an index.ts", () => {
    const without = modules.filter((m) => !OPEN_TO_ALL.has(m) && !existsSync(path.join(MODULES, m, "index.ts")));
    expect(without).toEqual([]);
  });

  it("no server code, job, benchmark or template imports another module's internal files", () => {
    const files = ["server", "jobs", "bench", "templates"].flatMap((d) => sourceFiles(path.join(ROOT, d)));
    const reaching: string[] = [];
    for (const file of files) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      const from = moduleOf(rel)?.name;
      for (const target of importsOf(file)) {
        const to = moduleOf(target);
        if (!to || OPEN_TO_ALL.has(to.name) || to.name === from) continue;
        if (to.inside === "" || to.inside === "index") continue;
        reaching.push(`${rel} -> ${target}`);
      }
    }
    expect(reaching).toEqual([]);
  });

  it("modules depend on each other without a loop", () => {
    const deps = new Map<string, Set<string>>(modules.map((m) => [m, new Set<string>()]));
    for (const m of modules) {
      for (const file of sourceFiles(path.join(MODULES, m))) {
        for (const target of importsOf(file)) {
          const to = moduleOf(target)?.name;
          if (to && to !== m) deps.get(m)!.add(to);
        }
      }
    }
    const loops: string[] = [];
    const state = new Map<string, "open" | "done">();
    const walk = (m: string, trail: string[]) => {
      if (state.get(m) === "done") return;
      if (state.get(m) === "open") {
        loops.push([...trail.slice(trail.indexOf(m)), m].join(" -> "));
        return;
      }
      state.set(m, "open");
      for (const d of deps.get(m) ?? []) walk(d, [...trail, m]);
      state.set(m, "done");
    };
    for (const m of modules) walk(m, []);
    expect(loops).toEqual([]);
    // the check sees real dependencies (a parser that found none would pass the loop check vacuously)
    expect([...deps.get("tms")!]).toContain("route-planning");
    // analytics runs other modules' reports through the registry (server/report-catalogue.ts), not their imports
    const reportOwners = ["car-sharing", "maintenance", "route-planning", "tms", "video"];
    expect([...deps.get("analytics")!].filter((d) => reportOwners.includes(d))).toEqual([]);
    expect([...deps.get("car-sharing")!]).toContain("analytics");
    // the device quota lives with the vehicles it counts: vehicles do not depend on the administration (tenants)
    expect([...deps.get("vehicles")!]).not.toContain("tenants");
  });

  it("no module imports a floor above the modules (adapters, gateways, the composition root)", () => {
    const upward: string[] = [];
    for (const file of sourceFiles(MODULES)) {
      for (const target of importsOf(file)) {
        if (ABOVE.some((a) => target === a || target.startsWith(`${a}/`)))
          upward.push(`${path.relative(ROOT, file)} -> ${target}`);
      }
    }
    expect(upward).toEqual([]);
  });
});

/** Every relative import of a file with whether it brings in types only (`import type` / `export type`). */
const APP_SPEC =
  /(?:^|\n)\s*(?:import|export)\s+(type\s+)?[^"';]*?\bfrom\s*"(\.[^"]+)"|\bimport\s*\(\s*"(\.[^"]+)"\s*\)/g;
function typedImportsOf(file: string): { target: string; typeOnly: boolean }[] {
  return [...readFileSync(file, "utf8").matchAll(APP_SPEC)].map((m) => ({
    target: path
      .relative(ROOT, path.resolve(path.dirname(file), m[2] ?? m[3]))
      .split(path.sep)
      .join("/"),
    typeOnly: Boolean(m[1]),
  }));
}
function aroundTheDoors(files: string[], extra: { file: string; target: string; typeOnly: boolean }[] = []) {
  const found: string[] = [];
  const all = files.flatMap((file) => {
    const rel = path.relative(ROOT, file).split(path.sep).join("/");
    return typedImportsOf(file).map((i) => ({ file: rel, ...i }));
  });
  for (const { file, target, typeOnly } of [...all, ...extra]) {
    const problem = appImportProblem(file, resolveTarget(ROOT, target), typeOnly);
    if (problem) found.push(`${file} -> ${target} (${problem.messageId})`);
  }
  return found;
}

describe("the web app meets the server at the module doors", () => {
  const files = sourceFiles(path.join(ROOT, "app"));

  it("no glue imports a module's internals, no route module or component imports server code but schemas, types and the named pure files, none imports server/http", () => {
    expect(aroundTheDoors(files)).toEqual([]);
  });

  it("the check sees real imports: planted ones are found", () => {
    const planted = [
      { file: "app/features/alerts/routes/log.tsx", target: "server/modules/alerts/alerts.service", typeOnly: false },
      { file: "app/features/alerts/log.server.ts", target: "server/modules/alerts/alerts.service", typeOnly: false },
      { file: "app/lib/forms.server.ts", target: "server/http/api/api-kit", typeOnly: true },
    ];
    expect(aroundTheDoors([], planted)).toHaveLength(3);
    // and the files themselves are read: the app imports the server through its doors many times
    const doors = files.flatMap((f) => typedImportsOf(f)).filter((i) => /^server\/modules\/[^/]+$/.test(i.target));
    expect(doors.length).toBeGreaterThan(50);
  });
});

/** The file an import names (`x` is `x.ts`, `x.tsx` or `x/index.ts`), or null outside the tree (styles, assets). */
function fileOf(target: string): string | null {
  for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`]) {
    const abs = path.join(ROOT, candidate);
    if (existsSync(abs) && statSync(abs).isFile() && /\.tsx?$/.test(candidate)) return candidate;
  }
  return null;
}

/** Strongly connected groups of more than one file (Tarjan), each sorted. */
function importLoops(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const loops: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) loops.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return loops;
}

describe("no import cycles", () => {
  it("no file of the server, the web app or the worker imports itself back, types included", () => {
    const graph = new Map<string, string[]>();
    for (const file of ["server", "app", "jobs"].flatMap((d) => sourceFiles(path.join(ROOT, d)))) {
      const rel = path.relative(ROOT, file).split(path.sep).join("/");
      graph.set(
        rel,
        importsOf(file).flatMap((t) => fileOf(t) ?? []),
      );
    }
    expect(importLoops(graph)).toEqual([]);
    // the check sees real imports: a loop made on purpose is found
    const probe = new Map(graph);
    probe.set("server/modules/places/places.repo.ts", [
      ...graph.get("server/modules/places/places.repo.ts")!,
      "server/modules/places/places.service.ts",
    ]);
    expect(importLoops(probe)).toContainEqual(
      expect.arrayContaining(["server/modules/places/places.repo.ts", "server/modules/places/places.service.ts"]),
    );
  });
});
