import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ReportTable } from "../reports.server";

const NUMERIC = new Set(["distance", "odometer", "speed", "count", "number", "percent", "duration"]);
const cellClass = (kind: string) =>
  NUMERIC.has(kind) ? "num" : kind === "datetime" || kind === "date" ? "when" : undefined;

/** The report rendered on the server as a table, with its totals row; the same cells as the downloads. */
export function ReportTableView({ table }: { table: ReportTable }) {
  const { t } = useTranslation("analytics");
  if (!table.rowCount)
    return (
      <p className="alert alert-info" data-testid="report-empty">
        {t("run.empty")}
      </p>
    );
  return (
    <div className="table-scroll">
      <p className="muted" data-testid="report-count">
        {t("run.rows", { count: table.rowCount })}
      </p>
      {table.truncated && (
        <p className="alert alert-warn" data-testid="report-truncated">
          {t("run.truncated", { count: table.rowCount })}
        </p>
      )}
      <table className="table report-table" data-testid="report-table">
        <thead>
          <tr>
            {table.columns.map((c) => (
              <th key={c.key} scope="col" className={cellClass(c.kind)}>
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((r, i) => (
            <tr key={i}>
              {r.map((cell, k) => {
                const href = table.columns[k].key === "vehicle" ? table.vehicleLinks?.[i] : null;
                return (
                  <td key={table.columns[k].key} className={cellClass(table.columns[k].kind)}>
                    {href ? (
                      <Link to={href} title={t("run.openDetails")}>
                        {cell}
                      </Link>
                    ) : (
                      cell
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
        {table.total && (
          <tfoot>
            <tr data-testid="report-total">
              {table.total.map((cell, k) =>
                k === 0 ? (
                  <th key="total" scope="row">
                    {t("run.total")}
                  </th>
                ) : (
                  <td key={table.columns[k].key} className={cellClass(table.columns[k].kind)}>
                    {cell}
                  </td>
                ),
              )}
            </tr>
          </tfoot>
        )}
      </table>
    </div>
  );
}
