import type { HTMLAttributes, ReactNode, TdHTMLAttributes } from "react";
import { Form, Link } from "react-router";
import { CsrfInput } from "./forms";
import { SortHeader } from "./ListControls";

/** `data-*` attributes for a row or cell (test ids, the row's identity for scripts). */
type DataAttributes = { [key: `data-${string}`]: string | undefined };

export interface Column<Row> {
  header: string;
  /** The server's sort key: the header becomes a SortHeader link. */
  sort?: string;
  /** The header is read by screen readers only (an actions or icon column). */
  hiddenHeader?: boolean;
  /** The row's header cell (`<th scope="row">`): what names the row, e.g. a weekday or a vehicle. */
  rowHeader?: boolean;
  cell: (row: Row) => ReactNode;
  className?: string;
  /** Numbers: aligned right. */
  numeric?: boolean;
  /** Further attributes of the row's cell (title, data-testid). */
  cellProps?: (row: Row) => TdHTMLAttributes<HTMLTableCellElement> & DataAttributes;
}

/** A link in the row's actions cell. */
export interface LinkAction {
  to: string;
  label: string;
  className?: string;
  testId?: string;
}

/**
 * A delete in the row's actions cell: one post form of the page's own action, carrying `fields` as hidden inputs
 * (intent, id: each screen keeps its names), with the one delete button of every list.
 */
export interface DeleteAction {
  fields: Record<string, string>;
  label: string;
  /** The button's accessible name when the label alone would not say which row (e.g. "Delete: Weekly fuel"). */
  ariaLabel?: string;
  testId?: string;
  /** Another page's action (e.g. the record's own URL); the list's action when absent. */
  action?: string;
}

export type RowAction = ({ kind: "link" } & LinkAction) | ({ kind: "delete" } & DeleteAction);

export interface RecordTableProps<Row> {
  /** `false`/`null` entries are left out, so a column can depend on the screen (`kind === "poi" && {...}`). */
  columns: ReadonlyArray<Column<Row> | false | null | undefined>;
  rows: ReadonlyArray<Row>;
  rowKey: (row: Row) => string;
  rowProps?: (row: Row) => HTMLAttributes<HTMLTableRowElement> & DataAttributes;
  /** The row's actions (links, delete), in a last column with a hidden header; no column when absent. */
  actions?: { header: string; render: (row: Row) => RowAction[] } | false | null;
  /** Shown in one full-width row when there are no rows; no such row when absent (a list that is never empty). */
  empty?: ReactNode;
  /** Instead of an empty table, the `empty` text alone, in a paragraph with this class and test id. */
  emptyAlone?: { className: string; testId?: string };
  testId?: string;
  className?: string;
  /** The table's caption (what the table shows, for screen readers and on screen). */
  caption?: ReactNode;
  /** The table inside a horizontally scrolling box (wide tables on phones). */
  scroll?: boolean;
}

/** The delete form of a row or a record; works without JavaScript (a post of the page's action). */
export function DeleteButtonForm({ fields, label, ariaLabel, testId, action }: DeleteAction) {
  return (
    <Form method="post" action={action} className="inline">
      <CsrfInput />
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="button danger" aria-label={ariaLabel} data-testid={testId}>
        {label}
      </button>
    </Form>
  );
}

function ActionsCell({ actions }: { actions: RowAction[] }) {
  return (
    <td className="table-actions">
      {actions.map((a) =>
        a.kind === "link" ? (
          <Link key={`link:${a.to}`} to={a.to} className={a.className} data-testid={a.testId}>
            {a.label}
          </Link>
        ) : (
          <DeleteButtonForm key={`delete:${a.label}`} {...a} />
        ),
      )}
    </td>
  );
}

const cellClass = (c: Column<unknown>) => [c.className, c.numeric && "numeric"].filter(Boolean).join(" ") || undefined;

/** The table of a list screen, drawn on the server: headers (sortable or plain), cells, row actions, an empty state. */
export function RecordTable<Row>(props: RecordTableProps<Row>) {
  const columns = props.columns.filter((c): c is Column<Row> => Boolean(c));
  const { rows, actions } = props;
  if (!rows.length && props.emptyAlone) {
    return (
      <p className={props.emptyAlone.className} data-testid={props.emptyAlone.testId}>
        {props.empty}
      </p>
    );
  }
  const table = (
    <table className={props.className ?? "table"} data-testid={props.testId}>
      {props.caption && <caption>{props.caption}</caption>}
      <thead>
        <tr>
          {columns.map((c, i) =>
            c.sort ? (
              <SortHeader key={c.sort} column={c.sort} label={c.header} />
            ) : (
              <th key={`${i}:${c.header}`} className={cellClass(c as Column<unknown>)}>
                {c.hiddenHeader ? <span className="visually-hidden">{c.header}</span> : c.header}
              </th>
            ),
          )}
          {actions && (
            <th>
              <span className="visually-hidden">{actions.header}</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={props.rowKey(row)} {...props.rowProps?.(row)}>
            {columns.map((c, i) =>
              c.rowHeader ? (
                <th key={`${i}:${c.header}`} scope="row" className={cellClass(c as Column<unknown>)}>
                  {c.cell(row)}
                </th>
              ) : (
                <td key={`${i}:${c.header}`} className={cellClass(c as Column<unknown>)} {...c.cellProps?.(row)}>
                  {c.cell(row)}
                </td>
              ),
            )}
            {actions && <ActionsCell actions={actions.render(row)} />}
          </tr>
        ))}
        {rows.length === 0 && props.empty != null && (
          <tr>
            <td colSpan={columns.length + (actions ? 1 : 0)} className="muted">
              {props.empty}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  );
  return props.scroll ? <div className="table-scroll">{table}</div> : table;
}
