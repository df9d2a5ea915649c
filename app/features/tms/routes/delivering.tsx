import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { deliveringLoader } from "../dispatch.server";
import type { Route } from "./+types/delivering";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return deliveringLoader(context, request, params.id, params.vehicleId);
}

/** The delivering list of one truck on one day: stops in order, printable, and as a PDF for the driver. */
export default function Delivering({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("tms");
  const { plan, truck, stops, totals } = loaderData;
  return (
    <section className="stack tms-print" data-testid="delivering-list">
      <header className="page-header">
        <div>
          <h1>{t("delivering.title")}</h1>
          <p>
            {t("delivering.subtitle", { truck: truck.label, day: plan.day })} · {plan.name}
          </p>
        </div>
        <div className="form-actions no-print">
          <a
            href={`/tms/delivering/${plan.id}/${truck.vehicle_id}/pdf`}
            className="button primary"
            data-testid="delivering-pdf"
            download
          >
            {t("delivering.pdf")}
          </a>
          <Link to={`/tms/optimize/edit/${plan.id}`} className="button">
            {t("delivering.back")}
          </Link>
        </div>
      </header>
      {stops.length === 0 ? (
        <p className="muted">{t("delivering.empty")}</p>
      ) : (
        <table className="table">
          <thead>
            <tr>
              <th>{t("delivering.stop")}</th>
              <th>{t("order.fields.order_id")}</th>
              <th>{t("delivering.customer")}</th>
              <th>{t("order.fields.address")}</th>
              <th>{t("order.fields.window_start")}</th>
              <th>{t("order.fields.eta")}</th>
              <th>{t("order.fields.packets")}</th>
              <th>{t("order.fields.weight")}</th>
              <th>{t("order.fields.notes")}</th>
            </tr>
          </thead>
          <tbody>
            {stops.map((s) => (
              <tr key={s.order_id} data-testid="delivering-stop">
                <td>{s.sequence}</td>
                <td>{s.order_id}</td>
                <td>{[s.customer_name, s.customer_code].filter(Boolean).join(" · ")}</td>
                <td>{s.address ?? ""}</td>
                <td>{s.window ?? ""}</td>
                <td>{s.eta ?? ""}</td>
                <td>{s.packets}</td>
                <td>{s.weight}</td>
                <td>{s.notes ?? ""}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th colSpan={6}>{t("delivering.total")}</th>
              <th>{totals.packets}</th>
              <th>{totals.weight}</th>
              <th />
            </tr>
          </tfoot>
        </table>
      )}
    </section>
  );
}
