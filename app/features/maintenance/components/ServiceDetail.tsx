import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { useNumber } from "./fields";

export interface ServiceDetailView {
  id: string;
  registration: string;
  service_type: string;
  completed_on: string;
  odometer_km: string | null;
  telematics_odometer_km: string | null;
  engine_hours?: string | null;
  cost: string;
  total_cost: number;
  notes: string | null;
  parts: Array<{ part_id: string; name: string; part_number: string | null; quantity: string; unit_price: string }>;
  attachments: Array<{ id: string; file_name: string; byte_size: number }>;
}

export function ServiceDetail({
  service: s,
  canWrite,
  created,
}: {
  service: ServiceDetailView;
  canWrite: boolean;
  created: boolean;
}) {
  const { t } = useTranslation("maintenance");
  const n = useNumber();
  return (
    <section>
      <h1>
        {s.service_type} · {s.registration}
      </h1>
      {created && (
        <div className="alert alert-success" role="status">
          {t("flash.saved")}
        </div>
      )}
      <dl className="details" data-testid="service-detail">
        <dt>{t("fields.completed_on")}</dt>
        <dd>{s.completed_on}</dd>
        <dt>{t("fields.odometer")}</dt>
        <dd>
          {s.odometer_km === null ? "–" : n(s.odometer_km)}
          {s.telematics_odometer_km !== null && (
            <>
              {" "}
              · {t("fields.telematics_odometer")}: {n(s.telematics_odometer_km)}
            </>
          )}
        </dd>
        {s.engine_hours != null && (
          <>
            <dt>{t("fields.engine_hours")}</dt>
            <dd data-testid="service-engine-hours">{`${n(s.engine_hours, 1)} h`}</dd>
          </>
        )}
        <dt>{t("fields.cost")}</dt>
        <dd>{n(s.cost, 2)}</dd>
        <dt>{t("services.total")}</dt>
        <dd data-testid="service-total">{n(s.total_cost, 2)}</dd>
        {s.notes && (
          <>
            <dt>{t("fields.notes")}</dt>
            <dd>{s.notes}</dd>
          </>
        )}
      </dl>
      {s.parts.length > 0 && (
        <table className="table">
          <caption>{t("services.parts")}</caption>
          <thead>
            <tr>
              <th>{t("fields.part")}</th>
              <th>{t("fields.quantity")}</th>
              <th>{t("fields.unit_price")}</th>
            </tr>
          </thead>
          <tbody>
            {s.parts.map((p) => (
              <tr key={p.part_id}>
                <td>
                  {p.name}
                  {p.part_number ? ` (${p.part_number})` : ""}
                </td>
                <td>{n(p.quantity, 2)}</td>
                <td>{n(p.unit_price, 2)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {s.attachments.length > 0 && (
        <ul aria-label={t("services.attachments")}>
          {s.attachments.map((a) => (
            <li key={a.id}>
              <a href={`/maintenance/attachments/${a.id}`}>{a.file_name}</a>
            </li>
          ))}
        </ul>
      )}
      {canWrite && (
        <Form method="post" className="form-actions">
          <CsrfInput />
          <Link className="button" to={`/maintenance/services/edit/${s.id}`}>
            {t("common:actions.edit")}
          </Link>
          <input type="hidden" name="intent" value="delete" />
          <button type="submit" className="button danger">
            {t("common:actions.delete")}
          </button>
        </Form>
      )}
    </section>
  );
}
