import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { SortHeader } from "../../../components/ListControls";
import type { TenantDto } from "../../../../server/modules/tenants/tenants.mapper";
import { QuotaUsage, StatusBadge } from "./OrganizationFacts";

export function OrganizationsTable({ items }: { items: TenantDto[] }) {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  return (
    <div className="table-scroll">
      <table className="table" data-testid="organizations-table">
        <thead>
          <tr>
            <SortHeader column="name" label={t("fields.name")} />
            <SortHeader column="status" label={t("fields.status")} />
            <SortHeader column="vehicles" label={t("fields.vehicles")} />
            <th>{t("fields.devices")}</th>
            <SortHeader column="users" label={t("fields.users")} />
            <SortHeader column="created" label={t("fields.created")} />
            <th>
              <span className="visually-hidden">{t("organizations.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((o) => (
            <tr key={o.id} data-org={o.name}>
              <td>
                {o.name}
                {o.operator && (
                  <>
                    {" "}
                    <span className="muted">({t("organizations.operator")})</span>
                  </>
                )}
              </td>
              <td>
                <StatusBadge status={o.status} />
              </td>
              <td>{o.counts.vehicles}</td>
              <td>
                <QuotaUsage tenant={o} />
              </td>
              <td>{o.counts.users}</td>
              <td>{o.created_at.slice(0, 10)}</td>
              <td className="table-actions">
                <Link to={`/administration/organizations/${o.id}`}>{t("common:actions.open")}</Link>
              </td>
            </tr>
          ))}
          {items.length === 0 && (
            <tr>
              <td colSpan={7} className="muted">
                {params.get("q") ? t("common:list.noResults") : t("common:list.empty")}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
