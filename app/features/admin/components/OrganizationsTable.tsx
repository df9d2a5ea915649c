import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { RecordTable } from "../../../components/RecordTable";
import type { TenantDto } from "../../../../server/modules/tenants/tenants.mapper";
import { QuotaUsage, StatusBadge } from "./OrganizationFacts";

export function OrganizationsTable({ items }: { items: TenantDto[] }) {
  const { t } = useTranslation("admin");
  const [params] = useSearchParams();
  return (
    <RecordTable
      scroll
      testId="organizations-table"
      rows={items}
      rowKey={(o) => o.id}
      rowProps={(o) => ({ "data-org": o.name })}
      empty={params.get("q") ? t("common:list.noResults") : t("common:list.empty")}
      columns={[
        {
          header: t("fields.name"),
          sort: "name",
          cell: (o) => (
            <>
              {o.name}
              {o.operator && (
                <>
                  {" "}
                  <span className="muted">({t("organizations.operator")})</span>
                </>
              )}
            </>
          ),
        },
        { header: t("fields.status"), sort: "status", cell: (o) => <StatusBadge status={o.status} /> },
        { header: t("fields.vehicles"), sort: "vehicles", cell: (o) => o.counts.vehicles },
        { header: t("fields.devices"), cell: (o) => <QuotaUsage tenant={o} /> },
        { header: t("fields.users"), sort: "users", cell: (o) => o.counts.users },
        { header: t("fields.created"), sort: "created", cell: (o) => o.created_at.slice(0, 10) },
      ]}
      actions={{
        header: t("organizations.actions"),
        render: (o) => [{ kind: "link", to: `/administration/organizations/${o.id}`, label: t("common:actions.open") }],
      }}
    />
  );
}
