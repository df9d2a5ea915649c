import { useTranslation } from "react-i18next";
import type { AuditDto } from "../../../../server/modules/audit/audit.mapper";
import "../audit-log.css";

const shown = (v: unknown) =>
  v === null || v === undefined || v === "" ? "—" : typeof v === "string" ? v : JSON.stringify(v);

/** The log, newest first: who (and the support administrator behind them), what, and the fields that changed. */
export function AuditTable({ items }: { items: Array<AuditDto & { time: string }> }) {
  const { t } = useTranslation("audit");
  return (
    <div className="table-scroll">
      <table className="table" data-testid="audit-table">
        <thead>
          <tr>
            <th>{t("columns.time")}</th>
            <th>{t("columns.user")}</th>
            <th>{t("columns.entity")}</th>
            <th>{t("columns.action")}</th>
            <th>{t("columns.changes")}</th>
          </tr>
        </thead>
        <tbody>
          {items.map((r) => (
            <tr key={r.id} data-entity={r.entity_type} data-action={r.action}>
              <td>{r.time}</td>
              <td>
                {r.user.name}
                {r.support && (
                  <div className="muted small" data-testid="audit-support">
                    {t("supportBy", { name: r.support.name })}
                  </div>
                )}
              </td>
              <td>
                {t(`entities.${r.entity_type}`, { defaultValue: r.entity_type })}
                {r.label && <div data-testid="audit-label">{r.label}</div>}
                <div className="muted small">{r.entity_id}</div>
              </td>
              <td>{t(`actions.${r.action}`, { defaultValue: r.action })}</td>
              <td>
                {r.changes.length > 0 && (
                  <ul className="audit-changes">
                    {r.changes.slice(0, 8).map((c) => (
                      <li key={c.field}>
                        <code>{c.field}</code>: {shown(c.before)} → {shown(c.after)}
                      </li>
                    ))}
                    {r.changes.length > 8 && (
                      <li className="muted">{t("moreChanges", { count: r.changes.length - 8 })}</li>
                    )}
                  </ul>
                )}
                {(r.before !== null || r.after !== null) && (
                  <details>
                    <summary>{t("json")}</summary>
                    {r.before !== null && (
                      <>
                        <strong>{t("before")}</strong>
                        <pre className="audit-json">{JSON.stringify(r.before, null, 2)}</pre>
                      </>
                    )}
                    {r.after !== null && (
                      <>
                        <strong>{t("after")}</strong>
                        <pre className="audit-json">{JSON.stringify(r.after, null, 2)}</pre>
                      </>
                    )}
                  </details>
                )}
              </td>
            </tr>
          ))}
          {items.length === 0 && (
            <tr>
              <td colSpan={5} className="muted">
                {t("empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
