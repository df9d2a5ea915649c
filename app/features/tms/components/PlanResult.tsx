import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { LoadBar } from "./StatusBadge";
import { TRUCK_COLORS } from "./PlanMap";

interface Truck {
  vehicle_id: string;
  label: string;
  capacity_weight: number;
  capacity_packets: number;
  load: { orders: number; weight: number; packets: number; over: boolean };
  route: { distance_m: number; duration_s: number } | null;
}
interface Order {
  id: string;
  order_id: string;
  customer_code: string;
  customer_name: string | null;
  packets: number;
  weight: number;
  vehicle_id: string | null;
  sequence: number | null;
}

interface Props {
  planId: string;
  trucks: Truck[];
  orders: Order[];
  unassigned: Array<{ order_id: string; reason: string }>;
  editable: boolean;
}

/** A move form: target truck (or out of the plan) and place in its sequence; capacity is checked by the server. */
function MoveForm({ order, trucks }: { order: Order; trucks: Truck[] }) {
  const { t } = useTranslation("tms");
  return (
    <Form data-unsaved-guard method="post" className="tms-inline" data-testid={`move-${order.order_id}`}>
      <CsrfInput />
      <input type="hidden" name="intent" value="move" />
      <input type="hidden" name="order" value={order.id} />
      <select name="vehicle_id" defaultValue={order.vehicle_id ?? ""} aria-label={t("optimize.moveTo")}>
        {trucks.map((tr) => (
          <option key={tr.vehicle_id} value={tr.vehicle_id}>
            {tr.label}
          </option>
        ))}
        <option value="">{t("optimize.leaveOut")}</option>
      </select>
      <input
        name="position"
        type="text"
        inputMode="numeric"
        size={3}
        defaultValue={order.sequence ?? ""}
        aria-label={t("optimize.position")}
      />
      <button type="submit" className="button small">
        {t("optimize.move")}
      </button>
    </Form>
  );
}

/** Each truck's load against capacity (bars), distance and time, its stops in order; the orders left out with the reason. */
export function PlanResult({ planId, trucks, orders, unassigned, editable }: Props) {
  const { t } = useTranslation("tms");
  const byId = new Map(orders.map((o) => [o.id, o]));
  return (
    <section className="stack" data-testid="plan-result">
      <h2>{t("optimize.result")}</h2>
      <div className="tms-trucks">
        {trucks.map((tr, i) => {
          const stops = orders
            .filter((o) => o.vehicle_id === tr.vehicle_id)
            .sort((a, b) => (a.sequence ?? 0) - (b.sequence ?? 0));
          return (
            <article
              key={tr.vehicle_id}
              className="card"
              data-testid="truck-card"
              data-vehicle={tr.vehicle_id}
              data-over={tr.load.over}
            >
              <h3>
                <span className="swatch" style={{ background: TRUCK_COLORS[i % TRUCK_COLORS.length] }} /> {tr.label}
              </h3>
              <LoadBar
                value={tr.load.weight}
                max={tr.capacity_weight}
                label={t("optimize.weightLoad", { value: tr.load.weight, max: tr.capacity_weight })}
              />
              <LoadBar
                value={tr.load.packets}
                max={tr.capacity_packets}
                label={t("optimize.packetsLoad", { value: tr.load.packets, max: tr.capacity_packets })}
              />
              {tr.route && (
                <p className="muted">
                  {t("optimize.distance")}: {t("optimize.km", { value: (tr.route.distance_m / 1000).toFixed(1) })} ·{" "}
                  {t("optimize.duration")}: {t("optimize.hours", { value: (tr.route.duration_s / 3600).toFixed(1) })}
                </p>
              )}
              {stops.length === 0 ? (
                <p className="muted">{t("optimize.noTruckOrders")}</p>
              ) : (
                <table className="table compact">
                  <thead>
                    <tr>
                      <th>{t("optimize.sequence")}</th>
                      <th>{t("order.fields.order_id")}</th>
                      <th>{t("order.fields.customer_code")}</th>
                      <th>{t("order.fields.packets")}</th>
                      <th>{t("order.fields.weight")}</th>
                      {editable && <th>{t("optimize.move")}</th>}
                    </tr>
                  </thead>
                  <tbody>
                    {stops.map((o) => (
                      <tr key={o.id} data-testid="stop-row">
                        <td>{o.sequence}</td>
                        <td>{o.order_id}</td>
                        <td>{o.customer_name ?? o.customer_code}</td>
                        <td>{o.packets}</td>
                        <td>{o.weight}</td>
                        {editable && (
                          <td>
                            <MoveForm order={o} trucks={trucks} />
                          </td>
                        )}
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
              <p>
                <Link to={`/tms/delivering/${planId}/${tr.vehicle_id}`} data-testid="delivering-link">
                  {t("optimize.deliveringList")}
                </Link>
              </p>
            </article>
          );
        })}
      </div>
      {unassigned.length > 0 && (
        <section className="card" data-testid="unassigned">
          <h3>
            {t("optimize.unassigned")} ({unassigned.length})
          </h3>
          <table className="table compact">
            <thead>
              <tr>
                <th>{t("order.fields.order_id")}</th>
                <th>{t("order.fields.customer_code")}</th>
                <th>{t("optimize.reason")}</th>
                {editable && <th>{t("optimize.move")}</th>}
              </tr>
            </thead>
            <tbody>
              {unassigned.map((u) => {
                const o = byId.get(u.order_id);
                if (!o) return null;
                return (
                  <tr key={u.order_id} data-reason={u.reason}>
                    <td>{o.order_id}</td>
                    <td>{o.customer_name ?? o.customer_code}</td>
                    <td>{t(`reasons.${u.reason}`, { defaultValue: u.reason })}</td>
                    {editable && (
                      <td>
                        <MoveForm order={o} trucks={trucks} />
                      </td>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
