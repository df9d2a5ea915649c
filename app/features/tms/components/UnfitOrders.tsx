import { useTranslation } from "react-i18next";
import type { UnfitOrderDetail } from "../../../../server/modules/tms/plan-fit";

/** The orders in an action's answer that fit no truck (ORDER_FITS_NO_TRUCK on save or run), or none. */
export function unfitOf(actionData: unknown): UnfitOrderDetail[] {
  const unfit = (actionData as { unfit?: unknown } | null | undefined)?.unfit;
  return Array.isArray(unfit) ? (unfit as UnfitOrderDetail[]) : [];
}

/** Each order that fits no truck of the plan, with why: too heavy, too many packets, or both together. */
export function UnfitOrders({ unfit, weightUnit }: { unfit: UnfitOrderDetail[]; weightUnit: string }) {
  const { t } = useTranslation("tms");
  if (!unfit.length) return null;
  return (
    <ul data-testid="unfit-orders">
      {unfit.map((u) => (
        <li key={`${u.id}-${u.dimension}`}>
          {u.dimension === "both"
            ? t("optimize.unfit.both", { order: u.order_id, weight: u.weight, packets: u.packets, unit: weightUnit })
            : t(`optimize.unfit.${u.dimension}`, {
                order: u.order_id,
                amount: u.amount,
                largest: u.largest,
                unit: u.dimension === "weight" ? weightUnit : "",
              })}
        </li>
      ))}
    </ul>
  );
}
