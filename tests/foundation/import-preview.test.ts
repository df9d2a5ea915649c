import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import {
  ImportAlert,
  ImportPreview,
  ImportRefused,
  ImportUploadForm,
  type ImportCommit,
  type ImportRowError,
} from "../../app/components/ImportPreview";
import { createI18n } from "../../app/i18n/i18n.server";
import type { Language } from "../../app/i18n/config";

/** Renders a piece of the import screen as the server would, in one language, inside a router (Form and Link need one). */
async function render(lng: Language, element: () => ReactElement) {
  const i18n = await createI18n(lng);
  const Stub = createRoutesStub([{ path: "/import", Component: element }]);
  return {
    html: renderToStaticMarkup(h(I18nextProvider, { i18n }, h(Stub, { initialEntries: ["/import"] }))),
    t: i18n.getFixedT(lng, "places"),
  };
}

const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;
/** The button with this test id: its class, whether it is disabled or posts validOnly=1, and its label; null when absent. */
function button(html: string, testId: string) {
  const m = new RegExp(`<button([^>]*data-testid="${testId}"[^>]*)>([^<]*)</button>`).exec(html);
  if (!m) return null;
  return {
    className: /class="([^"]*)"/.exec(m[1])![1],
    disabled: m[1].includes("disabled"),
    validOnly: /name="validOnly"/.test(m[1]) && /value="1"/.test(m[1]),
    label: m[2],
  };
}
const ERRORS: ImportRowError[] = [
  { row: 3, field: "latitude", message: "errors.range" },
  { row: 3, field: "name", message: "errors.required" },
  { row: 5, field: "type", message: "errors.invalid" },
];

/** The places screen's texts in the given language, for a file of 7 rows, `valid` of them valid. */
async function placesPreview(
  lng: Language,
  valid: number,
  errors: ImportRowError[],
  commit: Partial<ImportCommit> = {},
  maxErrors?: number,
) {
  const t = (await createI18n(lng)).getFixedT(lng, "places");
  const invalid = 7 - valid;
  return render(lng, () =>
    h(ImportPreview, {
      counts: t("import.summary", { file: "f.csv", total: 7, valid, invalid }),
      valid,
      invalid,
      errors,
      maxErrors,
      labels: {
        errorsTitle: t("import.errorsTitle"),
        row: t("import.row"),
        field: t("import.field"),
        message: t("import.message"),
      },
      fieldText: (f) => t(`fields.${f}`, { defaultValue: f }),
      commit: {
        fields: { intent: "commit", token: "tok-1" },
        saveAll: t("import.saveAll", { count: valid }),
        saveValid: t("import.saveValid", { count: valid }),
        nothingValid: t("import.nothingValid"),
        another: { to: "/import", label: t("import.another") },
        ...commit,
      },
    }),
  );
}

describe("ImportPreview", () => {
  it("with wrong rows: the counts, one table row a problem in the user's language, and only the valid-rows button (en)", async () => {
    const { html } = await placesPreview("en", 5, ERRORS);
    expect(html).toContain('data-valid="5" data-errors="2"');
    expect(html).toContain("f.csv: 7 rows, 5 valid, 2 with errors.");
    expect(html).toContain("<h2>Rows with errors</h2>");
    expect(count(html, /<tr data-row=/g)).toBe(3);
    expect(html).toContain(
      '<tr data-row="3" data-field="latitude"><td>3</td><td>Latitude</td><td>The value is out of range.</td></tr>',
    );
    expect(html).toContain("<td>This field is required.</td>");
    expect(button(html, "import-save-valid")).toEqual({
      className: "button primary",
      disabled: false,
      validOnly: true,
      label: "Import the valid rows only (5)",
    });
    expect(button(html, "import-save")).toBeNull();
    expect(html).toContain('name="token" value="tok-1"');
    expect(html).toContain('name="intent" value="commit"');
    expect(html).toContain(">Upload another file<");
  });

  it("the same in Albanian", async () => {
    const { html } = await placesPreview("al", 5, ERRORS);
    expect(html).toContain("f.csv: 7 rreshta, 5 të vlefshëm, 2 me gabime.");
    expect(html).toContain("<h2>Rreshtat me gabime</h2>");
    expect(html).toContain("<th>Rreshti</th><th>Fusha</th><th>Problemi</th>");
    expect(html).toContain("<td>Vlera është jashtë kufijve.</td>");
    expect(button(html, "import-save-valid")?.label).toBe("Importo vetëm rreshtat e vlefshëm (5)");
    expect(button(html, "import-save")).toBeNull();
  });

  it("a clean file: save-all only and no error table; no valid row: no button, the advice instead", async () => {
    const clean = (await placesPreview("en", 7, [])).html;
    expect(button(clean, "import-save")).toEqual({
      className: "button primary",
      disabled: false,
      validOnly: false,
      label: "Import 7 places",
    });
    expect(button(clean, "import-save-valid")).toBeNull();
    expect(clean).not.toContain('data-testid="import-errors"');
    const none = (await placesPreview("al", 0, ERRORS)).html;
    expect(none).not.toContain("<button");
    expect(none).toContain("Asnjë rresht nuk është i vlefshëm: korrigjoni skedarin dhe ngarkojeni përsëri.");
  });

  it("lists at most maxErrors problems", async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({ row: i + 2, field: "name", message: "errors.required" }));
    expect(count((await placesPreview("en", 1, many, {}, 10)).html, /<tr data-row=/g)).toBe(10);
  });

  it("save-all kept beside the valid-rows button (route planning), disabled while busy", async () => {
    const { html } = await placesPreview("en", 5, ERRORS, { saveAllWithErrors: true, busy: true });
    expect(button(html, "import-save")).toEqual({
      className: "button",
      disabled: true,
      validOnly: false,
      label: "Import 5 places",
    });
    expect(button(html, "import-save-valid")).toMatchObject({
      className: "button primary",
      disabled: true,
      validOnly: true,
    });
  });

  it("without a valid-rows button (TMS posts only its valid rows): one primary save button while any row is valid", async () => {
    const mixed = (await placesPreview("en", 5, ERRORS, { saveValid: undefined, saveAll: "Save the valid orders (5)" }))
      .html;
    expect(button(mixed, "import-save")).toEqual({
      className: "button primary",
      disabled: false,
      validOnly: false,
      label: "Save the valid orders (5)",
    });
    expect(button(mixed, "import-save-valid")).toBeNull();
    expect(mixed).not.toContain("No row is valid");
    const none = (await placesPreview("en", 0, ERRORS, { saveValid: undefined })).html;
    expect(none).not.toContain("<button");
    expect(none).toContain("No row is valid");
  });

  it("the upload form, the refusal alert and a file refused whole", async () => {
    const { html } = await render("en", () =>
      h(
        "div",
        null,
        h(ImportAlert, { code: "IMPORT_HAS_ERRORS" }),
        h(ImportAlert, { code: "IMPORT_HAS_ERRORS", hasErrors: "Nothing was saved: some rows have errors." }),
        h(ImportUploadForm, {
          intent: "upload",
          accept: ".csv",
          fileLabel: "File",
          uploadLabel: "Check file",
          buttonTestId: "import-check",
        }),
        h(ImportRefused, { title: "Nothing was saved.", errors: ERRORS, line: (e) => `Row ${e.row}: ${e.message}` }),
      ),
    );
    expect(html).toContain("The file has rows with errors. Fix them or import the valid rows only.");
    expect(html).toContain("Nothing was saved: some rows have errors.");
    const form = /<form([^>]*data-testid="import-form"[^>]*)>/.exec(html)![1];
    for (const attr of ['action="/import"', 'method="post"', 'encType="multipart/form-data"'])
      expect(form).toContain(attr);
    expect(html).toContain('<input type="hidden" name="intent" value="upload"/>');
    expect(html).toMatch(
      /<label for="file">File<\/label><input id="file" type="file" accept=".csv" required="" name="file"\/>/,
    );
    expect(button(html, "import-check")).toMatchObject({ className: "button primary", label: "Check file" });
    expect(html).toContain("<li>Row 3: errors.range</li><li>Row 3: errors.required</li><li>Row 5: errors.invalid</li>");
  });
});
