import { useTranslation } from "react-i18next";
import type { TenantDto } from "../../../../server/modules/tenants/tenants.mapper";
import { RecordTable } from "../../../components/RecordTable";
import "../admin.css";

type Administrator = {
  id: string;
  email: string | null;
  name: string;
  language: "al" | "en";
  active: boolean;
  last_login_at: string | null;
};

export function StatusBadge({ status }: { status: TenantDto["status"] }) {
  const { t } = useTranslation("admin");
  return (
    <span className={`status ${status === "active" ? "status-moving" : "status-off"}`} data-testid="org-status">
      {t(`status.${status}`)}
    </span>
  );
}

/** Vehicles with a device against the quota; at the limit it is shown as an error. */
export function QuotaUsage({ tenant }: { tenant: TenantDto }) {
  const { t } = useTranslation("admin");
  const text =
    tenant.device_quota === null
      ? t("quota.unlimited", { used: tenant.counts.devices })
      : t("quota.usage", { used: tenant.counts.devices, quota: tenant.device_quota });
  return (
    <span className={tenant.quota_reached ? "field-error" : undefined} data-testid="quota-usage">
      {text}
    </span>
  );
}

export function OrganizationFacts({ tenant }: { tenant: TenantDto & { administrators: Administrator[] } }) {
  const { t } = useTranslation("admin");
  return (
    <div className="card form-section" data-testid="organization-facts">
      <dl className="admin-facts">
        <dt>{t("fields.status")}</dt>
        <dd>
          <StatusBadge status={tenant.status} />
          {tenant.status_changed_at && (
            <span className="muted"> {t("facts.since", { date: tenant.status_changed_at.slice(0, 10) })}</span>
          )}
        </dd>
        <dt>{t("fields.country")}</dt>
        <dd>{tenant.country ?? t("common:none")}</dd>
        <dt>{t("fields.vehicles")}</dt>
        <dd data-testid="vehicle-count">{tenant.counts.vehicles}</dd>
        <dt>{t("fields.devices")}</dt>
        <dd>
          <QuotaUsage tenant={tenant} />
        </dd>
        <dt>{t("fields.users")}</dt>
        <dd data-testid="user-count">{tenant.counts.users}</dd>
        <dt>{t("fields.created")}</dt>
        <dd>{tenant.created_at.slice(0, 10)}</dd>
      </dl>
      {tenant.operator && <p className="muted">{t("facts.operator")}</p>}
      <h2>{t("facts.administrators")}</h2>
      <RecordTable
        testId="administrators-table"
        rows={tenant.administrators}
        rowKey={(a) => a.id}
        columns={[
          {
            header: t("fields.adminName"),
            cell: (a) => (
              <>
                {a.name}
                {!a.active && <span className="muted"> ({t("facts.inactive")})</span>}
              </>
            ),
          },
          { header: t("fields.email"), cell: (a) => a.email ?? t("common:none") },
          { header: t("fields.language"), cell: (a) => t(`languages.${a.language}`) },
          {
            header: t("fields.lastLogin"),
            cell: (a) => (a.last_login_at ? a.last_login_at.slice(0, 16).replace("T", " ") : t("facts.neverSignedIn")),
          },
        ]}
      />
    </div>
  );
}
