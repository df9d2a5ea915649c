import { useTranslation } from "react-i18next";
import { Form, Link, data, useNavigation } from "react-router";
import { AppError } from "../../../../server/errors";
import { requestImmobilization } from "../../../../server/modules/immobilization/immobilization.service";
import { immobilizationRequestSchema } from "../../../../server/modules/immobilization/immobilization.schema";
import { getVehicleLive } from "../../../../server/modules/positions/fleet.service";
import { CsrfInput } from "../../../components/forms";
import { ImmobilizationOutcome, type ImmobilizationResult } from "../../live-map/components/ImmobilizeControls";
import { load, readForm, refusal, requirePermission } from "../../../lib/route-kit.server";
import type { Route } from "./+types/command";
import "../../../styles/map.css";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

/** The confirmation step without JavaScript: what will happen to which vehicle, then one button. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "immobilization:command");
  const url = new URL(request.url);
  const parsed = immobilizationRequestSchema.safeParse({
    vehicleId: url.searchParams.get("vehicle") ?? "",
    action: url.searchParams.get("action"),
  });
  if (!parsed.success) throw data({ error: "NOT_FOUND" }, { status: 404 });
  const vehicle = await load(() => getVehicleLive(context.app, p, parsed.data.vehicleId));
  return { vehicleId: vehicle.vehicleId, registration: vehicle.registration, action: parsed.data.action };
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "immobilization:command");
  const form = await readForm(request, context);
  const parsed = immobilizationRequestSchema.safeParse({ vehicleId: form.get("vehicle"), action: form.get("action") });
  if (!parsed.success) return data<ImmobilizationResult>({ ok: false, code: "VALIDATION" }, { status: 400 });
  try {
    const r = await requestImmobilization(context.app, p, parsed.data);
    return data<ImmobilizationResult>({ ok: true, status: r.status, action: r.action, reason: r.error });
  } catch (err) {
    if (err instanceof AppError)
      return refusal<ImmobilizationResult>({ ok: false, code: err.code, action: parsed.data.action }, err);
    throw err;
  }
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
