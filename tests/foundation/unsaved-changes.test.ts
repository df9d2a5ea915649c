import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

// Every form that edits data takes part in the one unsaved-changes prompt (app/components/unsaved-changes.tsx):
// it carries `data-unsaved-guard`. A POST form counts as editing data when it holds anything a user fills in or
// chooses: an input that is not hidden, a select, a textarea, or a component (field components and whole field
// sets alike). Forms that hold such controls but edit no record are listed below with the reason; a new form is
// either guarded or added here on purpose.

const root = path.resolve(import.meta.dirname, "../..");
const appDir = path.join(root, "app");

/** Post forms whose controls do not edit a record (file, or file#data-testid): why. */
const NOT_EDITING: Record<string, string> = {
  "app/features/auth/routes/login.tsx": "signing in",
  "app/features/auth/routes/reset-password.tsx": "asking for and entering a reset code",
  "app/features/auth/routes/new-password.tsx": "setting a password from a reset link (one step, nothing to lose)",
  "app/features/admin/components/OrganizationActions.tsx#delete-confirm": "typing the name to confirm a deletion",
  "app/features/driver/components/ActionForm.tsx":
    "a one-tap driver action (check-in/out, working day); its coordinate fields stand in for the phone's location without JavaScript",
};

/** Components inside a form that are not something to fill in. */
const NOT_CONTROLS = new Set([
  "CsrfInput",
  "FormAlert",
  "FieldErrors",
  "SaveActions",
  "Link",
  "NavLink",
  "Trans",
  "DeleteConfirm",
  "Fragment",
  "React.Fragment",
]);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".tsx") ? [full] : [];
  });
}

type Jsx = ts.JsxElement | ts.JsxSelfClosingElement;
const opening = (n: Jsx) => (ts.isJsxElement(n) ? n.openingElement : n);
const tagName = (n: Jsx) => opening(n).tagName.getText();
function attribute(n: Jsx, name: string): string | true | undefined {
  for (const a of opening(n).attributes.properties) {
    if (!ts.isJsxAttribute(a) || a.name.getText() !== name) continue;
    if (!a.initializer) return true;
    if (ts.isStringLiteral(a.initializer)) return a.initializer.text;
    return a.initializer.getText();
  }
  return undefined;
}

/** What in a form's subtree a user fills in or chooses (tag names), empty when there is nothing. */
function controls(form: ts.Node): string[] {
  const found: string[] = [];
  const visit = (n: ts.Node) => {
    if (ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n)) {
      const tag = tagName(n);
      if (tag === "input" && attribute(n, "type") !== "hidden") found.push(`input[${attribute(n, "type") ?? "text"}]`);
      else if (tag === "select" || tag === "textarea") found.push(tag);
      else if (/^[A-Z]/.test(tag) && !NOT_CONTROLS.has(tag)) found.push(tag);
    }
    // fields handed in by the caller (a form frame around `children`)
    if (ts.isJsxExpression(n) && n.expression && /\bchildren\b/.test(n.expression.getText())) found.push("children");
    ts.forEachChild(n, visit);
  };
  ts.forEachChild(form, visit);
  return found;
}

interface PostForm {
  file: string;
  testId: string | null;
  line: number;
  guarded: boolean;
  controls: string[];
}

function postForms(): PostForm[] {
  return sourceFiles(appDir).flatMap((full) => {
    const file = path.relative(root, full).split(path.sep).join("/");
    const source = ts.createSourceFile(
      full,
      readFileSync(full, "utf8"),
      ts.ScriptTarget.Latest,
      true,
      ts.ScriptKind.TSX,
    );
    const out: PostForm[] = [];
    const visit = (n: ts.Node) => {
      if ((ts.isJsxElement(n) || ts.isJsxSelfClosingElement(n)) && /^(Form|form|\w+\.Form)$/.test(tagName(n))) {
        const method = attribute(n, "method");
        // a method written as an expression counts as POST: the scan must not miss a form it cannot read
        if (typeof method === "string" && method.toLowerCase() !== "get") {
          const testId = attribute(n, "data-testid");
          out.push({
            file,
            testId: typeof testId === "string" ? testId : null,
            line: source.getLineAndCharacterOfPosition(n.getStart()).line + 1,
            guarded: attribute(n, "data-unsaved-guard") !== undefined,
            controls: controls(n),
          });
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(source);
    return out;
  });
}

const exemption = (f: PostForm) => NOT_EDITING[f.file] ?? (f.testId ? NOT_EDITING[`${f.file}#${f.testId}`] : undefined);

describe("unsaved-changes prompt on every data-editing form", () => {
  const forms = postForms();

  it("finds the app's POST forms (the scan itself works)", () => {
    expect(forms.length).toBeGreaterThan(50);
    expect(forms.filter((f) => f.controls.length > 0).length).toBeGreaterThan(25);
  });

  it("guards every POST form with something to fill in, unless it is listed as editing no record", () => {
    const unguarded = forms
      .filter((f) => f.controls.length > 0 && !f.guarded && !exemption(f))
      .map((f) => `${f.file}:${f.line} (${[...new Set(f.controls)].join(", ")})`);
    expect(unguarded).toEqual([]);
  });

  it("keeps the list of exemptions true: each names forms that exist, have controls and are not guarded", () => {
    for (const key of Object.keys(NOT_EDITING)) {
      const matching = forms.filter((f) => key === f.file || key === `${f.file}#${f.testId}`);
      expect(matching.length, key).toBeGreaterThan(0);
      expect(
        matching.some((f) => f.controls.length > 0 && !f.guarded),
        key,
      ).toBe(true);
    }
  });

  it("has one mechanism: no form-level hook or second blocker beside app/components/unsaved-changes.tsx", () => {
    const others = sourceFiles(appDir)
      .concat(
        readdirSync(appDir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile() && e.name.endsWith(".ts"))
          .map((e) => path.join(e.parentPath, e.name)),
      )
      .filter((full) => !full.endsWith(path.join("components", "unsaved-changes.tsx")))
      .filter((full) => /\buseBlocker\b|useUnsavedChangesGuard|beforeunload/.test(readFileSync(full, "utf8")))
      .map((full) => path.relative(root, full));
    expect(others).toEqual([]);
  });
});
