import { existsSync, statSync } from "node:fs";
import path from "node:path";

/**
 * ESLint rule: the web app (app/) reaches the server through the module doors, in two tiers (docs/architecture.md,
 * "Modules meet at their front door").
 *
 * 1. Glue: a `*.server.ts` file (a feature's glue, app/lib's and app/components' server helpers) imports a server
 *    module only through its front door (server/modules/<m>/index.ts), as server code does; server/modules/shared
 *    and server/modules/access stay open file by file.
 * 2. Everything else (route modules, components, client code: `*.tsx` and every `.ts` that is not `.server.ts`) may
 *    import from server/ only a module's `*.schema.ts`, a type (`import type`) and the
 *    pure files named in PURE_SHARED_FILES (or PROTOCOL_REGISTRY_FILES); a server call goes through its own
 *    feature's glue. The client bundle must not pull a whole module in through an index, hence the stricter tier.
 *    Of the web's glue, a route module or component imports its own feature's and the shared ones (app/lib,
 *    app/components), never another feature's.
 *
 * Neither tier imports server/http: the API's adapter and the web are neighbours, not layers of each other.
 */

/** Pure files below the modules (no database, no process state) that route modules and components may import. */
export const PURE_SHARED_FILES = [
  "server/errors.ts", // AppError and its codes: the web's error page and form failures read them
  "server/shared/dates.ts", // dates and times, the same on the server and in the browser (docs/dates.md)
  "server/shared/date-schemas.ts", // the date fields' zod schemas (forms parse with them)
  "server/shared/time-zones.ts", // the zone list of the settings forms
  "server/shared/integration-paths.ts", // /int paths: public, no banner, no login redirect
  "server/shared/geometry.ts", // distances and boxes of the map pages
  "server/shared/csv.ts", // CSV text, as the downloads write it
  "server/shared/event-types.ts", // the outbox's event names (webhook forms)
  "server/modules/shared/reports/period.ts", // the dashboard's time windows (tile and benchmark forms)
  "server/modules/positions/vehicle-status.ts", // vehicle states and pin colours (the live map's layers)
];

/**
 * The device protocol registry (issue 39, "One protocol registry"): its file goes here, so the app's protocol lists
 * derive from it. Kept apart from PURE_SHARED_FILES so that change is one line in its own list.
 */
export const PROTOCOL_REGISTRY_FILES = [
  "server/shared/protocols.ts", // names, labels, transports, default ports and command support of every protocol
];

const OPEN_TO_ALL = new Set(["shared", "access"]);
const GLUE = /\.server\.tsx?$/;

function moduleOf(rel) {
  const parts = rel.split("/");
  if (parts[0] !== "server" || parts[1] !== "modules" || parts.length < 3) return null;
  return { name: parts[2], inside: parts.slice(3).join("/") };
}

/** the feature folder of an app file (app/features/<f>/…), null for app/lib, app/components, app/root.tsx */
function featureOf(rel) {
  const parts = rel.split("/");
  return parts[0] === "app" && parts[1] === "features" && parts.length > 3 ? parts[2] : null;
}

/** `x` as the file it names (`x.ts`, `x.tsx`, `x/index.ts`), or `x` itself when none exists (assets, styles). */
export function resolveTarget(root, rel) {
  for (const candidate of [rel, `${rel}.ts`, `${rel}.tsx`, `${rel}/index.ts`, `${rel}/index.tsx`]) {
    const abs = path.join(root, candidate);
    if (existsSync(abs) && statSync(abs).isFile()) return candidate;
  }
  return rel;
}

const relative = (from, to) => {
  const r = path.relative(path.dirname(from), to).split(path.sep).join("/");
  return r.startsWith(".") ? r : `./${r}`;
};

/**
 * What is wrong with `file` importing `target` (both repository-relative, `target` resolved to its file), or null.
 * `typeOnly`: the import brings in types only. Shared by the rule and tests/foundation/module-boundaries.test.ts.
 */
export function appImportProblem(file, target, typeOnly) {
  if (!file.startsWith("app/")) return null;
  if (target === "server/http" || target.startsWith("server/http/")) return { messageId: "http", data: {} };
  const to = moduleOf(target);
  if (GLUE.test(file)) {
    if (!to || OPEN_TO_ALL.has(to.name)) return null;
    if (to.inside === "" || /^index\.tsx?$/.test(to.inside)) return null;
    return { messageId: "glue", data: { target: to.name, door: relative(file, `server/modules/${to.name}`) } };
  }
  if (target.startsWith("server/")) {
    if (typeOnly) return null;
    if (to && /\.schema\.ts$/.test(to.inside)) return null;
    if (PURE_SHARED_FILES.includes(target) || PROTOCOL_REGISTRY_FILES.includes(target)) return null;
    return { messageId: "client", data: {} };
  }
  if (GLUE.test(target) && target.startsWith("app/features/") && featureOf(target) !== featureOf(file)) {
    return { messageId: "otherGlue", data: { feature: featureOf(target) } };
  }
  return null;
}

/**
 * an import or export declaration that brings in types only: `import type`/`export type` (with
 * verbatimModuleSyntax, `import { type A } from "x"` still loads x, so it counts as a value import)
 */
const typeOnlyNode = (node) => node.importKind === "type" || node.exportKind === "type";

export const appFrontDoor = {
  meta: {
    type: "problem",
    docs: { description: "The web app reaches server modules through their doors (glue: index.ts; pages: glue)" },
    messages: {
      glue: "'{{spec}}' reaches into the {{target}} module's internals; web glue imports a module from its front door ('{{door}}'): export what you need there.",
      client:
        "'{{spec}}' brings server code into a route module or component; call it from the feature's *.server.ts glue (pages may import a module's *.schema.ts, types, and the pure files of scripts/eslint/app-front-door.js).",
      otherGlue:
        "'{{spec}}' is the {{feature}} feature's glue; a page calls its own feature's *.server.ts (move what both need to app/lib or a module's door).",
      http: "'{{spec}}' imports the API's adapter (server/http); the web and the API share what lies below them (server/error-body.ts, server/shared).",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd ?? process.cwd();
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    if (!file.startsWith("app/")) return {};
    const check = (node, source, typeOnly) => {
      if (!source || typeof source.value !== "string") return;
      const spec = source.value;
      let abs;
      if (spec.startsWith(".")) abs = path.resolve(path.dirname(context.filename), spec);
      else if (spec.startsWith("~/")) abs = path.join(root, "app", spec.slice(2));
      else if (spec.startsWith("server/")) abs = path.join(root, spec);
      else return;
      const target = resolveTarget(root, path.relative(root, abs).split(path.sep).join("/"));
      const problem = appImportProblem(file, target, typeOnly);
      if (problem) context.report({ node: source, messageId: problem.messageId, data: { spec, ...problem.data } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source, typeOnlyNode(node)),
      ExportNamedDeclaration: (node) => check(node, node.source, typeOnlyNode(node)),
      ExportAllDeclaration: (node) => check(node, node.source, node.exportKind === "type"),
      ImportExpression: (node) => check(node, node.source, false),
    };
  },
};
