import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ALERT_TYPES } from "../../../../../server/modules/alerts/alerts.schema";
import type { PolicyListRow } from "../../policies.server";
import { Pagination, SearchBox, SortHeader } from "../../../../components/ListControls";

interface Props {
  page: { items: PolicyListRow[]; total: number; page: number; pages: number };
  type: string;
  canWrite: boolean;
}

const VIEW = "/alerts/policies/policy";

/** Alert policies: search by name, filter by type, sort and page on the server. */
export function PoliciesList({ page, type, canWrite }: Props) {
  const { t } = useTranslation("alerts");
  const [params] = useSearchParams();
  const notice = params.has("deleted") ? "policies.deleted" : null;
  const vehiclesText = (r: PolicyListRow) => {
    if (r.all_vehicles) return t("policies.list.allVehicles");
    const parts = [];
    if (r.vehicle_count) parts.push(t("policies.list.vehicles", { count: r.vehicle_count }));
    if (r.team_count) parts.push(t("policies.list.teams", { count: r.team_count }));
    return parts.join(", ") || t("common:none");
  };
  const recipientsText = (r: PolicyListRow) => {
    const parts = [];
    if (r.recipient_count) parts.push(t("policies.list.users", { count: r.recipient_count }));
    if (r.email_count) parts.push(t("policies.list.emails", { count: r.email_count }));
    return parts.join(", ") || t("common:none");
  };
  const channels = (r: PolicyListRow) =>
    [r.notify_in_app && t("policies.channels.inApp"), r.notify_email && t("policies.channels.email")]
      .filter(Boolean)
      .join(", ");
  return (
    <section>
      <header className="page-header">
        <h1>{t("policies.title")}</h1>
        {canWrite && (
          <Link to="/alerts/policies/add" className="button primary" data-testid="add-policy">
            {t("policies.add")}
          </Link>
        )}
      </header>
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      <SearchBox placeholder={t("policies.search")}>
        <label className="policy-filter">
          <span>{t("policies.fields.alert_type")}</span>
          <select name="type" defaultValue={type} data-testid="type-filter">
            <option value="">{t("policies.list.allTypes")}</option>
            {ALERT_TYPES.map((x) => (
              <option key={x} value={x}>
                {t(`types.${x}`)}
              </option>
            ))}
          </select>
        </label>
      </SearchBox>
      <table className="table" data-testid="policies-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("policies.fields.name")} />
            <SortHeader column="type" label={t("policies.fields.alert_type")} />
            <th>{t("policies.list.vehiclesColumn")}</th>
            <th>{t("policies.list.recipientsColumn")}</th>
            <th>{t("policies.list.channelsColumn")}</th>
            <SortHeader column="active" label={t("policies.list.activeColumn")} />
            <th>{t("policies.list.lastAlert")}</th>
            {canWrite && (
              <th>
                <span className="visually-hidden">{t("common:actions.edit")}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {page.items.map((r) => (
            <tr key={r.id}>
              <td>
                <Link to={`${VIEW}/${r.id}`}>{r.name}</Link>
              </td>
              <td>{t(`types.${r.alert_type}`)}</td>
              <td>{vehiclesText(r)}</td>
              <td>{recipientsText(r)}</td>
              <td>{channels(r)}</td>
              <td>
                <span className={`policy-badge${r.active ? " on" : ""}`}>
                  {t(r.active ? "policies.status.active" : "policies.status.inactive")}
                </span>
              </td>
              <td>{r.last_alert || t("policies.list.never")}</td>
              {canWrite && (
                <td className="table-actions">
                  <Link to={`/alerts/policies/edit/${r.id}`}>{t("common:actions.edit")}</Link>
                </td>
              )}
            </tr>
          ))}
          {page.items.length === 0 && (
            <tr>
              <td colSpan={canWrite ? 8 : 7} className="muted">
                {t(params.get("q") || type ? "common:list.noResults" : "policies.list.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
      <Pagination page={page.page} pages={page.pages} total={page.total} />
    </section>
  );
}
