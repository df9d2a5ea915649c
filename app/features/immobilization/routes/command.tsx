import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { CsrfInput } from "../../../components/forms";
import { ImmobilizationOutcome } from "../../live-map/components/ImmobilizeControls";
import { commandAction, commandLoader } from "../immobilization.server";
import type { Route } from "./+types/command";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

/** The confirmation step without JavaScript: what will happen to which vehicle, then one button. */
export function loader({ request, context }: Route.LoaderArgs) {
  return commandLoader(context, request);
}

export function action({ request, context }: Route.ActionArgs) {
  return commandAction(context, request);
}

export default function ImmobilizationCommand({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("immobilization");
  const navigation = useNavigation();
  const { vehicleId, registration, action } = loaderData;
  return (
    <section className="card confirm-page" data-testid="immobilization-confirm">
      <h1>{t(`confirmTitle.${action}`)}</h1>
      {actionData ? (
        <ImmobilizationOutcome result={actionData} />
      ) : (
        <Form method="post">
          <p>{t(`confirmBody.${action}`, { registration })}</p>
          <CsrfInput />
          <input type="hidden" name="vehicle" value={vehicleId} />
          <input type="hidden" name="action" value={action} />
          <div className="button-row">
            <button
              type="submit"
              className={`button ${action === "block" ? "danger" : "primary"}`}
              disabled={navigation.state !== "idle"}
              data-testid="confirm-immobilization"
            >
              {t(`confirm.${action}`)}
            </button>
            <Link to={`/manage?vehicle=${vehicleId}`} className="button">
              {t("cancel")}
            </Link>
          </div>
        </Form>
      )}
      <p>
        <Link to={`/manage?vehicle=${vehicleId}`}>{t("backToMap")}</Link> ·{" "}
        <Link to={`/immobilization?vehicle=${vehicleId}`}>{t("historyLink")}</Link>
      </p>
    </section>
  );
}
