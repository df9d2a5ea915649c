import { useTranslation } from "react-i18next";
import { Link, redirect } from "react-router";
import { teamOptions } from "../../../../../server/modules/teams/teams.service";
import { vehicleInputSchema } from "../../../../../server/modules/vehicles/vehicles.schema";
import { createVehicle, driverOptions } from "../../../../../server/modules/vehicles/vehicles.service";
import { assertUploadSize, parseTextFields, readImages, serviceFailure, validationFailure } from "../../../../lib/forms.server";
import { VehicleForm } from "../components/VehicleForm";
import { readForm, requirePermission } from "../../../../lib/route-kit.server";
import type { Route } from "./+types/add";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const p = requirePermission(context, request, "vehicles:write");
  const [teams, drivers] = await Promise.all([teamOptions(context.app, p), driverOptions(context.app, p)]);
  return { teams, drivers, defaultTeam: p.teamIds !== "all" && p.teamIds.length === 1 ? p.teamIds[0] : undefined };
}

export async function action({ request, context }: Route.ActionArgs) {
  const p = requirePermission(context, request, "vehicles:write");
  assertUploadSize(request, context);
  const form = await readForm(request, context);
  const submission = parseTextFields(form, vehicleInputSchema);
  if (submission.status !== "success") return validationFailure(submission);
  try {
    const v = await createVehicle(context.app, p, submission.value, await readImages(form));
    return redirect(`/configuration/vehicles/details/${v.id}?created=1`);
  } catch (err) {
    return serviceFailure(submission, err);
  }
}

export default function AddVehicle({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("vehicles");
  return (
    <section>
      <header className="page-header">
        <h1>{t("add.title")}</h1>
        <Link to="/configuration/vehicles/list">{t("details.back")}</Link>
      </header>
      <VehicleForm
        result={actionData?.reply}
        code={actionData?.code}
        defaultValue={{ team_id: loaderData.defaultTeam }}
        teams={loaderData.teams}
        drivers={loaderData.drivers}
        withImages
        submitLabel={t("add.submit")}
      >
        <Link to="/configuration/vehicles/list" className="button">{t("common:actions.cancel")}</Link>
      </VehicleForm>
    </section>
  );
}
