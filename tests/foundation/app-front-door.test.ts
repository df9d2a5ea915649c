import path from "node:path";
import { ESLint, Linter } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";
import { appFrontDoor } from "../../scripts/eslint/app-front-door.js";

/**
 * The web side's door rule (scripts/eslint/app-front-door.js, docs/architecture.md "Modules meet at their front
 * door"): planted imports in files under app/ are reported, the allowed ones are not, and `npm run lint` runs the rule.
 */
const ROOT = path.resolve(__dirname, "../..");
const linter = new Linter({ cwd: ROOT });
const config: Linter.Config[] = [
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    plugins: { flota: { rules: { "app-front-door": appFrontDoor } } },
    rules: { "flota/app-front-door": "error" },
  },
];
/** the rule's message ids for `code` planted as the file `file` */
const reported = (file: string, code: string) =>
  linter.verify(code, config, path.join(ROOT, file)).map((m) => m.messageId ?? m.message);

describe("the web app's door rule", () => {
  it("a glue file importing a module's internal file is reported, with the door", () => {
    const glue = "app/features/alerts/planted.server.ts";
    expect(reported(glue, `import { listAlerts } from "../../../server/modules/alerts/alerts.service";`)).toEqual([
      "glue",
    ]);
    expect(reported(glue, `import type { Alert } from "../../../server/modules/alerts/alerts.mapper";`)).toEqual([
      "glue",
    ]);
    expect(reported(glue, `export { x } from "../../../server/modules/alerts/alerts.schema";`)).toEqual(["glue"]);
    expect(reported(glue, `const m = await import("../../../server/modules/places/places.service");`)).toEqual([
      "glue",
    ]);
    const message = linter.verify(
      `import "../../../server/modules/alerts/alerts.service";`,
      config,
      path.join(ROOT, glue),
    );
    expect(message[0].message).toContain("'../../../server/modules/alerts'");
    // app/lib's glue is held the same way
    expect(reported("app/lib/planted.server.ts", `import "../../server/modules/vehicles/vehicles.service";`)).toEqual([
      "glue",
    ]);
  });

  it("a glue file may import a module's door, shared and access file by file, and the floors below the modules", () => {
    const glue = "app/features/alerts/planted.server.ts";
    for (const spec of [
      "../../../server/modules/alerts",
      "../../../server/modules/alerts/index",
      "../../../server/modules/access/principal",
      "../../../server/modules/shared/listing",
      "../../../server/errors",
      "../../../server/error-body",
      "../../../server/security/cookies",
    ])
      expect(reported(glue, `import { x } from "${spec}";`), spec).toEqual([]);
  });

  it("a route module or component importing server code other than schemas, types and the named pure files is reported", () => {
    const route = "app/features/alerts/routes/planted.tsx";
    expect(reported(route, `import { listAlerts } from "../../../../server/modules/alerts/alerts.service";`)).toEqual([
      "client",
    ]);
    // a whole module through its index is what the client bundle must not pull in
    expect(reported(route, `import { alertsService } from "../../../../server/modules/alerts";`)).toEqual(["client"]);
    expect(reported(route, `import { setCookie } from "../../../../server/security/cookies";`)).toEqual(["client"]);
    // `{ type A }` still loads the file under verbatimModuleSyntax: only `import type` is a type import
    expect(reported(route, `import { type Alert } from "../../../../server/modules/alerts";`)).toEqual(["client"]);
    // a client .ts file is a page's code, not glue
    expect(reported("app/lib/planted.ts", `import { x } from "../../server/modules/positions/fleet.service";`)).toEqual(
      ["client"],
    );
    // another feature's glue
    expect(reported(route, `import { videoLinks } from "../../video/video.server";`)).toEqual(["otherGlue"]);
  });

  it("a route module may import its own glue, app/lib's, a module's schema, types and the pure shared files", () => {
    const route = "app/features/alerts/routes/planted.tsx";
    for (const spec of [
      "../log.server",
      "~/lib/route-kit.server",
      "../../../lib/forms.server",
      "../../../../server/modules/alerts/alerts.schema",
      "../../../../server/modules/analytics/dashboard/dashboard.schema",
      "../../../../server/shared/dates",
      "../../../../server/errors",
    ])
      expect(reported(route, `import { x } from "${spec}";`), spec).toEqual([]);
    expect(reported(route, `import type { Alert } from "../../../../server/modules/alerts/alerts.service";`)).toEqual(
      [],
    );
  });

  it("no web file imports the API's adapter (server/http), not even a type", () => {
    expect(reported("app/root.tsx", `import { x } from "../server/http/app";`)).toEqual(["http"]);
    expect(reported("app/lib/planted.server.ts", `import type { X } from "../../server/http/api/api-kit";`)).toEqual([
      "http",
    ]);
  });

  it("files outside app/ are left to the server's rule", () => {
    expect(reported("server/http/planted.ts", `import "../modules/alerts/alerts.service";`)).toEqual([]);
  });

  it("npm run lint runs the rule as an error on route modules, components and glue", async () => {
    const eslint = new ESLint({ cwd: ROOT });
    for (const file of [
      "app/features/alerts/routes/log.tsx",
      "app/features/alerts/log.server.ts",
      "app/lib/dates.ts",
    ]) {
      const rules = (await eslint.calculateConfigForFile(path.join(ROOT, file))).rules ?? {};
      expect(rules["flota/app-front-door"], file).toEqual([2]);
    }
  });
});
