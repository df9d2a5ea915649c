import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { CsrfInput, Field, FormAlert } from "../../../components/forms";
import { DateField } from "../../../components/dates";
import { failureFields, failureValues, type FormFailure } from "../../../lib/form-failure";

export interface PlanFormOptions {
  depots: Array<{ id: string; name: string }>;
  vehicles: Array<{ id: string; label: string; category: string }>;
  orders: Array<{ id: string; order_id: string; customer_code: string; customer_name: string | null; region: string | null; packets: number; weight: number; inPlan: boolean }>;
}

interface Props {
  options: PlanFormOptions;
  values: { name: string; day: string; depot_id: string | null; trucks: Array<{ vehicle_id: string; capacity_weight: number; capacity_packets: number }>; orders: string[] | "all" };
  failure: FormFailure | null;
  submitLabel: string;
  readOnly?: boolean;
}

const DEFAULT_WEIGHT = 1000;
const DEFAULT_PACKETS = 100;

/** Day, depot, the day's orders (checkboxes) and the trucks with their capacity. Works without JavaScript. */
export function PlanForm({ options, values, failure, submitLabel, readOnly }: Props) {
  const { t } = useTranslation("tms");
  const navigation = useNavigation();
  const errors = failureFields(failure);
  const typed = failureValues(failure) as Record<string, unknown> | null;
  const typedList = (k: string) => (typed ? ([] as string[]).concat((typed[k] as string[] | string | undefined) ?? []) : null);
  const chosenOrders = typedList("orders") ?? (values.orders === "all" ? options.orders.map((o) => o.id) : values.orders);
  const chosenTrucks = typedList("truck") ?? values.trucks.map((x) => x.vehicle_id);
  const capacity = (id: string, key: "weight" | "packets") => {
    const typedValue = typed?.[`${key}_${id}`];
    if (typeof typedValue === "string") return typedValue;
    const saved = values.trucks.find((x) => x.vehicle_id === id);
    return String(saved ? (key === "weight" ? saved.capacity_weight : saved.capacity_packets) : key === "weight" ? DEFAULT_WEIGHT : DEFAULT_PACKETS);
  };
  const trucksFirst = [...options.vehicles].sort((a, b) => Number(b.category === "Truck") - Number(a.category === "Truck"));
  return (
    <Form method="post" className="stack" data-testid="plan-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <FormAlert code={failure?.intent === "save" ? failure.code : null} fields={errors} />
      <fieldset disabled={readOnly} className="form-section card">
        <div className="form-grid">
          <Field label={t("optimize.name")} name="name" errors={errors.name} required>
            <input id="name" name="name" type="text" defaultValue={(typed?.name as string) ?? values.name} />
          </Field>
          <Field label={t("optimize.day")} name="day" errors={errors.day} required>
            <DateField id="day" name="day" defaultValue={(typed?.day as string) ?? values.day} invalid={Boolean(errors.day)} />
          </Field>
          <Field label={t("optimize.depot")} name="depot_id" errors={errors.depot_id} required>
            <select id="depot_id" name="depot_id" defaultValue={(typed?.depot_id as string) ?? values.depot_id ?? options.depots[0]?.id ?? ""}>
              {options.depots.map((d) => <option key={d.id} value={d.id}>{d.name}</option>)}
            </select>
          </Field>
        </div>
        {options.depots.length === 0 && <p className="alert alert-warn">{t("optimize.noDepot")}</p>}
      </fieldset>
      <fieldset disabled={readOnly} className="form-section card">
        <legend>{t("optimize.chooseOrders")} ({options.orders.length})</legend>
        <p className="hint">{t("optimize.chooseOrdersHint")}</p>
        {errors.orders && <p className="field-error" role="alert">{t(`errors:${errors.orders[0].replace("errors.", "")}`, { defaultValue: t("errors:generic") })}</p>}
        {options.orders.length === 0 ? <p className="muted">{t("optimize.noOrdersForDay")}</p> : (
          <div className="tms-checklist">
            <table className="table" data-testid="plan-orders">
              <thead><tr><th /><th>{t("order.fields.order_id")}</th><th>{t("order.fields.customer_code")}</th><th>{t("order.fields.region")}</th><th>{t("order.fields.packets")}</th><th>{t("order.fields.weight")}</th></tr></thead>
              <tbody>
                {options.orders.map((o) => (
                  <tr key={o.id}>
                    <td><input type="checkbox" name="orders" value={o.id} defaultChecked={chosenOrders.includes(o.id)} aria-label={o.order_id} /></td>
                    <td>{o.order_id}</td><td>{o.customer_code}{o.customer_name ? ` · ${o.customer_name}` : ""}</td><td>{o.region ?? ""}</td><td>{o.packets}</td><td>{o.weight}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </fieldset>
      <fieldset disabled={readOnly} className="form-section card">
        <legend>{t("optimize.chooseTrucks")}</legend>
        {errors.trucks && <p className="field-error" role="alert">{t(`errors:${errors.trucks[0].replace("errors.", "")}`, { defaultValue: t("errors:generic") })}</p>}
        <div className="tms-checklist">
          <table className="table" data-testid="plan-trucks">
            <thead><tr><th /><th>{t("order.fields.truck")}</th><th>{t("optimize.capacityWeight")}</th><th>{t("optimize.capacityPackets")}</th></tr></thead>
            <tbody>
              {trucksFirst.map((v) => (
                <tr key={v.id}>
                  <td><input type="checkbox" name="truck" value={v.id} id={`truck-${v.id}`} defaultChecked={chosenTrucks.includes(v.id)} /></td>
                  <td><label htmlFor={`truck-${v.id}`}>{v.label}</label></td>
                  <td><input name={`weight_${v.id}`} type="text" inputMode="decimal" size={8} defaultValue={capacity(v.id, "weight")} aria-label={`${v.label} ${t("optimize.capacityWeight")}`} /></td>
                  <td><input name={`packets_${v.id}`} type="text" inputMode="numeric" size={6} defaultValue={capacity(v.id, "packets")} aria-label={`${v.label} ${t("optimize.capacityPackets")}`} /></td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      {!readOnly && (
        <div className="form-actions">
          <button type="submit" className="button primary" disabled={navigation.state === "submitting"} data-testid="plan-submit">{submitLabel}</button>
        </div>
      )}
    </Form>
  );
}
