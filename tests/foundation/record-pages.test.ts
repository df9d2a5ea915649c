import { createElement as h, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { FormPage } from "../../app/components/FormPage";
import { ListPage } from "../../app/components/ListPage";
import { RecordTable, type Column, type RecordTableProps } from "../../app/components/RecordTable";
import { createI18n } from "../../app/i18n/i18n.server";

/** Renders a piece of a page as the server would (no JavaScript), inside a router at /list. */
async function render(element: () => ReactElement, url = "/list") {
  const i18n = await createI18n("en");
  const Stub = createRoutesStub([{ path: "/list", Component: element }]);
  return renderToStaticMarkup(h(I18nextProvider, { i18n }, h(Stub, { initialEntries: [url] })));
}

interface Row {
  id: string;
  name: string;
  litres: number;
}
const ROWS: Row[] = [
  { id: "r1", name: "Fuel one", litres: 40 },
  { id: "r2", name: "Fuel two", litres: 12 },
];
const COLUMNS: Column<Row>[] = [
  { header: "Name", sort: "name", cell: (r) => r.name },
  { header: "Litres", numeric: true, cell: (r) => r.litres, cellProps: () => ({ "data-testid": "litres" }) },
];
const table = (props: Partial<RecordTableProps<Row>>) => () =>
  h(RecordTable<Row>, { columns: COLUMNS, rows: ROWS, rowKey: (r) => r.id, empty: "Nothing yet", ...props });

const forms = (html: string) => [...html.matchAll(/<form([^>]*)>(.*?)<\/form>/g)];

describe("RecordTable", () => {
  it("draws the headers, a sort link, the cells and one delete form per row with the screen's fields", async () => {
    const html = await render(
      table({
        testId: "fuel-table",
        actions: {
          header: "Actions",
          render: (r) => [
            { kind: "link", to: `/fuel/edit/${r.id}`, label: "Edit" },
            { kind: "delete", fields: { intent: "delete", id: r.id }, label: "Delete", ariaLabel: `Delete: ${r.name}` },
          ],
        },
      }),
      "/list?sort=name&dir=asc",
    );
    expect(html).toContain('data-testid="fuel-table"');
    expect(html).toMatch(
      /<th aria-sort="ascending"><a [^>]*href="\/list\?sort=name&amp;dir=desc"[^>]*>Name ▲<\/a><\/th>/,
    );
    expect(html).toContain('<th class="numeric">Litres</th>');
    expect(html).toContain('<th><span class="visually-hidden">Actions</span></th>');
    expect(html.match(/<td class="numeric" data-testid="litres">/g)).toHaveLength(2);
    expect(html).toMatch(/<td class="table-actions"><a href="\/fuel\/edit\/r2"[^>]*>Edit<\/a><form/);
    const posts = forms(html);
    expect(posts).toHaveLength(2);
    for (const [i, [, attrs, body]] of posts.entries()) {
      expect(attrs).toContain('method="post"');
      expect(body).toContain('name="_csrf"');
      expect(body).toContain('<input type="hidden" name="intent" value="delete"/>');
      expect(body).toContain(`<input type="hidden" name="id" value="${ROWS[i].id}"/>`);
      expect(body).toContain(
        `<button type="submit" class="button danger" aria-label="Delete: ${ROWS[i].name}">Delete</button>`,
      );
    }
    expect(html).not.toContain("Nothing yet");
  });

  it("shows the empty text in one row across every column, or alone instead of the table", async () => {
    const inRow = await render(table({ rows: [], actions: { header: "Actions", render: () => [] } }));
    expect(inRow).toContain('<td colSpan="3" class="muted">Nothing yet</td>');
    const alone = await render(table({ rows: [], emptyAlone: { className: "muted", testId: "none" } }));
    expect(alone).toContain('<p class="muted" data-testid="none">Nothing yet</p>');
    expect(alone).not.toContain("<table");
  });

  it("a caption, a row header cell, and no empty row when the screen gives no empty text", async () => {
    const html = await render(
      table({ caption: "Fuel this week", columns: [{ ...COLUMNS[0], rowHeader: true }, COLUMNS[1]] }),
    );
    expect(html).toMatch(/<table class="table"><caption>Fuel this week<\/caption><thead>/);
    expect(html).toContain('<th scope="row">Fuel one</th><td class="numeric" data-testid="litres">40</td>');
    const none = await render(table({ rows: [], empty: undefined }));
    expect(none).toContain("<tbody></tbody>");
  });

  it("leaves out the columns a screen does not show", async () => {
    const html = await render(table({ columns: [COLUMNS[0], false, null] }));
    expect(html).not.toContain("Litres");
    expect(html.match(/<td/g)).toHaveLength(2);
  });
});

describe("ListPage and FormPage", () => {
  it("ListPage: title, the add link, notices, filters, the table and the pages", async () => {
    const html = await render(() =>
      h(ListPage, {
        title: "Fuel",
        add: { to: "/fuel/add", label: "Add fuel", testId: "add-fuel" },
        notices: h("p", null, "Saved"),
        page: { page: 1, pages: 2, total: 30 },
        testId: "fuel-page",
        children: h("table"),
      }),
    );
    expect(html).toContain('<section data-testid="fuel-page">');
    expect(html).toMatch(/<h1>Fuel<\/h1><a[^>]*href="\/fuel\/add"[^>]*>Add fuel<\/a>/);
    expect(html).toContain("<p>Saved</p>");
    expect(html).toContain('rel="next"');
    expect(html.indexOf("<table")).toBeLessThan(html.indexOf('class="pagination"'));
    const readOnly = await render(() => h(ListPage, { title: "Fuel", add: false, children: null }));
    expect(readOnly).not.toContain("/fuel/add");
  });

  it("FormPage: title, back link, and the action's failure handed to the form and its banner", async () => {
    const failure = { ok: false, intent: "save", code: "NOT_FOUND", status: 404, reply: { status: "error" } };
    const html = await render(() =>
      h(FormPage, {
        title: "New fuel",
        back: { to: "/fuel", label: "Back" },
        actionData: failure,
        banner: true,
        children: (f) => h("form", { "data-code": f?.code }),
      }),
    );
    expect(html).toMatch(/<header class="page-header"><h1>New fuel<\/h1><a href="\/fuel"[^>]*>Back<\/a><\/header>/);
    expect(html).toContain('data-testid="form-alert"');
    expect(html).toContain('<form data-code="NOT_FOUND"></form>');
    const otherIntent = await render(() =>
      h(FormPage, {
        title: "New fuel",
        actionData: failure,
        intent: "delete",
        banner: true,
        children: (f) => h("form", { "data-failed": String(Boolean(f)) }),
      }),
    );
    expect(otherIntent).not.toContain("form-alert");
    expect(otherIntent).toContain('data-failed="false"');
  });
});
