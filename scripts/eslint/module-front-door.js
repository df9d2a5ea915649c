import path from "node:path";

/**
 * ESLint rule: outside a server module, import it only through its front door (server/modules/<m>/index.ts).
 * Applies to server code, jobs, benchmarks and e-mail templates; the web app has its own two-tier rule
 * (app-front-door.js: glue through the index, pages through their glue) and the tests are not checked. `shared/` and `access/` under
 * server/modules are primitives every module may use file by file. docs/architecture.md, "Modules meet at their
 * front door".
 */
const OPEN_TO_ALL = new Set(["shared", "access"]);
const CHECKED = ["server/", "jobs/", "bench/", "templates/"];

function moduleOf(rel) {
  const parts = rel.split("/");
  if (parts[0] !== "server" || parts[1] !== "modules" || parts.length < 3) return null;
  return { name: parts[2], inside: parts.slice(3).join("/") };
}

export const moduleFrontDoor = {
  meta: {
    type: "problem",
    docs: { description: "Import another server module only through its index.ts" },
    messages: {
      internal:
        "'{{spec}}' reaches into the {{target}} module's internals; import from its front door ('{{door}}') and export what you need there.",
    },
    schema: [],
  },
  create(context) {
    const root = context.cwd ?? process.cwd();
    const file = path.relative(root, context.filename).split(path.sep).join("/");
    if (!CHECKED.some((p) => file.startsWith(p))) return {};
    const from = moduleOf(file);
    const check = (node, source) => {
      if (!source || typeof source.value !== "string" || !source.value.startsWith(".")) return;
      const target = path
        .relative(root, path.resolve(path.dirname(context.filename), source.value))
        .split(path.sep)
        .join("/");
      const to = moduleOf(target);
      if (!to || OPEN_TO_ALL.has(to.name) || to.name === from?.name) return;
      const inside = to.inside.replace(/\.(ts|tsx|js)$/, "");
      if (inside === "" || inside === "index") return;
      let door = path.relative(path.dirname(file), `server/modules/${to.name}`).split(path.sep).join("/");
      if (!door.startsWith(".")) door = `./${door}`;
      context.report({ node: source, messageId: "internal", data: { spec: source.value, target: to.name, door } });
    };
    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};
