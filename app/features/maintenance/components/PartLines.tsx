import { useTranslation } from "react-i18next";
import type { FormState } from "./fields";

const LINES = 3;

/** Parts used: a few part + quantity rows (enough without JavaScript; blank rows are skipped). */
export function PartLines({ s, parts }: { s: FormState; parts: { value: string; label: string; stock: number }[] }) {
  const { t } = useTranslation("maintenance");
  const ids = ([] as unknown[]).concat(s.values.part_id ?? []).map(String);
  const qty = ([] as unknown[]).concat(s.values.part_quantity ?? []).map(String);
  if (!parts.length) return null;
  return (
    <fieldset className="part-lines">
      <legend>{t("fields.parts")}</legend>
      {Array.from({ length: LINES }, (_, i) => (
        <div className="form-grid" key={i}>
          <label>
            {t("fields.part")}
            <select name="part_id" defaultValue={ids[i] ?? ""} data-testid={`part-${i}`}>
              <option value="">{t("none")}</option>
              {parts.map((p) => (
                <option key={p.value} value={p.value}>
                  {t("partOption", { name: p.label, stock: p.stock })}
                </option>
              ))}
            </select>
          </label>
          <label>
            {t("fields.quantity")}
            <input type="text" inputMode="decimal" name="part_quantity" defaultValue={qty[i] ?? ""} />
          </label>
        </div>
      ))}
    </fieldset>
  );
}
