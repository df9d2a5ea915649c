import { useTranslation } from "react-i18next";
import { Form, Link, useSearchParams } from "react-router";
import type { AlertType } from "../../../../../server/modules/alerts/alerts.schema";
import type { PolicyViewData } from "../../policies.server";
import { CsrfInput } from "../../../../components/forms";
import { DeleteConfirm } from "../../../../components/DeleteConfirm";
import { RecordTable } from "../../../../components/RecordTable";
import { alertSummary, namesText, ruleText, scheduleText } from "./policy-text";

const NOTICES = ["created", "saved", "activated", "deactivated"] as const;

/** The read-only policy page: every setting in words, the buttons for writers, and the latest alerts. */
export function PolicyView({ data }: { data: PolicyViewData }) {
  const { t } = useTranslation("alerts");
  const [params] = useSearchParams();
  const { policy, canWrite, confirmDelete } = data;
  const type = policy.alert_type as AlertType;
  const notice = NOTICES.find((n) => params.has(n));
  const vehicles = policy.all_vehicles
    ? t("policies.list.allVehicles")
    : [
        data.vehicles.names.length || data.vehicles.hidden
          ? namesText(t, data.vehicles.names, data.vehicles.hidden, "")
          : "",
        data.teams.names.length || data.teams.hidden
          ? `${t("policies.view.teams")}: ${namesText(t, data.teams.names, data.teams.hidden, "")}`
          : "",
      ]
        .filter(Boolean)
        .join("; ") || t("common:none");
  const channels = [
    policy.notify_in_app && t("policies.channels.inApp"),
    policy.notify_email && t("policies.channels.email"),
  ]
    .filter(Boolean)
    .join(", ");
  const limits =
    [
      policy.daily_limit != null && t("policies.view.dailyLimit", { count: policy.daily_limit }),
      policy.driver_limit != null && t("policies.view.driverLimit", { count: policy.driver_limit }),
    ]
      .filter(Boolean)
      .join("; ") || t("policies.view.noLimits");
  const rows: Array<[string, string, string]> = [
    ["rule", t("policies.view.rule"), ruleText(t, { ...policy, alert_type: type }, data.geofences)],
    ["vehicles", t("policies.form.vehicles"), vehicles],
    [
      "schedule",
      type === "movement_outside_hours" ? t("policies.form.allowedHours") : t("policies.form.schedule"),
      scheduleText(t, policy),
    ],
    ["limits", t("policies.form.limits"), limits],
    ["channels", t("policies.list.channelsColumn"), channels],
    [
      "recipients",
      t("policies.fields.recipient_ids"),
      namesText(t, data.recipients.names, data.recipients.hidden, t("common:none")),
    ],
    ["emails", t("policies.fields.emails"), policy.emails.join(", ") || t("common:none")],
  ];

  return (
    <section className="stack">
      <header className="page-header">
        <h1>{policy.name}</h1>
        <Link to="/alerts/policies">{t("policies.back")}</Link>
      </header>
      {notice && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(`policies.${notice}`)}
        </div>
      )}

      <div className="card">
        <p>
          <span className={`policy-badge${policy.active ? " on" : ""}`} data-testid="policy-status">
            {t(policy.active ? "policies.status.active" : "policies.status.inactive")}
          </span>{" "}
          {t(`types.${type}`)}
        </p>
        <dl className="policy-details" data-testid="policy-details">
          {rows.map(([key, label, value]) => (
            <div key={key} style={{ display: "contents" }}>
              <dt>{label}</dt>
              <dd data-testid={`policy-${key}`}>{value}</dd>
            </div>
          ))}
        </dl>
      </div>

      {canWrite && (
        <div className="form-actions">
          <Link to={`/alerts/policies/edit/${policy.id}`} className="button primary" data-testid="edit-policy">
            {t("common:actions.edit")}
          </Link>
          <Form method="post" className="inline">
            <CsrfInput />
            <input type="hidden" name="intent" value={policy.active ? "deactivate" : "activate"} />
            <button type="submit" className="button" data-testid="toggle-active">
              {t(policy.active ? "policies.deactivate" : "policies.activate")}
            </button>
          </Form>
        </div>
      )}
      {canWrite && (
        <DeleteConfirm
          confirming={confirmDelete}
          label={t("policies.delete")}
          question={t("policies.confirmDelete", { name: policy.name })}
        />
      )}

      <section>
        <h2>{t("policies.view.recentTitle")}</h2>
        <RecordTable
          testId="policy-alerts"
          rows={data.alerts.items}
          rowKey={(a) => a.id}
          empty={t("policies.view.recentEmpty")}
          columns={[
            { header: t("policies.view.time"), cell: (a) => a.occurred_at },
            { header: t("policies.view.vehicle"), cell: (a) => a.registration },
            { header: t("policies.view.driver"), cell: (a) => a.driver_name ?? t("common:none") },
            { header: t("policies.view.details"), cell: (a) => alertSummary(t, a) },
          ]}
        />
        <p>
          <Link to={`/alerts/log?policy=${policy.id}`} data-testid="policy-log-link">
            {t("policies.view.allInLog", { count: data.alerts.total })}
          </Link>
        </p>
      </section>
    </section>
  );
}
