import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { ALERT_TYPES } from "../../../../../server/modules/alerts/alerts.schema";
import type { PolicyListRow } from "../../policies.server";
import { SearchBox } from "../../../../components/ListControls";
import { ListPage, Notice } from "../../../../components/ListPage";
import { RecordTable } from "../../../../components/RecordTable";

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
    <ListPage
      title={t("policies.title")}
      add={canWrite && { to: "/alerts/policies/add", label: t("policies.add"), testId: "add-policy" }}
      notices={notice && <Notice testId="notice">{t(notice)}</Notice>}
      filters={
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
      }
      page={page}
    >
      <RecordTable
        testId="policies-table"
        rows={page.items}
        rowKey={(r) => r.id}
        empty={t(params.get("q") || type ? "common:list.noResults" : "policies.list.empty")}
        columns={[
          {
            header: t("policies.fields.name"),
            sort: "name",
            cell: (r) => <Link to={`${VIEW}/${r.id}`}>{r.name}</Link>,
          },
          { header: t("policies.fields.alert_type"), sort: "type", cell: (r) => t(`types.${r.alert_type}`) },
          { header: t("policies.list.vehiclesColumn"), cell: vehiclesText },
          { header: t("policies.list.recipientsColumn"), cell: recipientsText },
          { header: t("policies.list.channelsColumn"), cell: channels },
          {
            header: t("policies.list.activeColumn"),
            sort: "active",
            cell: (r) => (
              <span className={`policy-badge${r.active ? " on" : ""}`}>
                {t(r.active ? "policies.status.active" : "policies.status.inactive")}
              </span>
            ),
          },
          { header: t("policies.list.lastAlert"), cell: (r) => r.last_alert || t("policies.list.never") },
        ]}
        actions={
          canWrite && {
            header: t("common:actions.edit"),
            render: (r) => [{ kind: "link", to: `/alerts/policies/edit/${r.id}`, label: t("common:actions.edit") }],
          }
        }
      />
    </ListPage>
  );
}
