import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { ENTRY_KINDS } from "../../../../server/modules/car-sharing/car-sharing.schema";
import { CsrfInput } from "../../../components/forms";
import { SettingsAlert } from "../components/SettingsParts";
import { entriesAction, entriesLoader } from "../car-sharing-settings.server";
import type { Route } from "./+types/settings-entries";

export const loader = ({ request, context }: Route.LoaderArgs) => entriesLoader(context, request);
export const action = ({ request, context }: Route.ActionArgs) => entriesAction(context, request);

/** The lists users choose from: purposes and destinations. */
export default function Entries({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("carSharing");
  return (
    <div data-testid="entries">
      <SettingsAlert actionData={actionData} />
      {ENTRY_KINDS.map((kind) => (
        <section key={kind}>
          <h2>{t(`settings.kinds.${kind}`)}</h2>
          <ul>
            {loaderData.entries
              .filter((e) => e.kind === kind)
              .map((e) => (
                <li key={e.id}>
                  {e.label}{" "}
                  <Form method="post" className="inline-form">
                    <CsrfInput />
                    <input type="hidden" name="intent" value="delete" />
                    <input type="hidden" name="id" value={e.id} />
                    <button
                      type="submit"
                      className="button danger small"
                      aria-label={`${t("settings.delete")} ${e.label}`}
                    >
                      {t("settings.delete")}
                    </button>
                  </Form>
                </li>
              ))}
          </ul>
          <Form data-unsaved-guard method="post" className="inline-form">
            <CsrfInput />
            <input type="hidden" name="intent" value="save" />
            <input type="hidden" name="kind" value={kind} />
            <input name="label" maxLength={120} required aria-label={t("settings.label")} />{" "}
            <button type="submit" className="button">
              {t("settings.add")}
            </button>
          </Form>
        </section>
      ))}
    </div>
  );
}
