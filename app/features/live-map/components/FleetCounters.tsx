import { useTranslation } from "react-i18next";
import type { FleetCounters as Counters } from "../../../lib/map/fleet-types";

const ORDER: { key: keyof Omit<Counters, "total">; css: string }[] = [
  { key: "moving", css: "moving" },
  { key: "stopped", css: "stopped" },
  { key: "standBy", css: "standby" },
  { key: "off", css: "off" },
  { key: "unknown", css: "unknown" },
];

export function FleetCounters({ counters }: { counters: Counters }) {
  const { t } = useTranslation("manage");
  return (
    <ul className="fleet-counters" aria-label={t("counters.label")} data-testid="fleet-counters">
      {ORDER.map(({ key, css }) => (
        <li key={key} className={`counter counter-${css}`} data-counter={key}>
          <span className="counter-value">{counters[key]}</span>
          <span className="counter-label">{t(`counters.${key}`)}</span>
        </li>
      ))}
      <li className="counter counter-total" data-counter="total">
        <span className="counter-value">{counters.total}</span>
        <span className="counter-label">{t("counters.total")}</span>
      </li>
    </ul>
  );
}
