import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { MapConfig } from "../../../lib/map/basemap-style";
import { DeleteConfirm } from "../../../components/DeleteConfirm";
import { formFailure } from "../../../lib/form-failure";
import { PlaceForm, placeFormValues } from "./PlaceForm";
import { FormPage } from "../../../components/FormPage";

type Kind = "poi" | "geofence";
const SECTION = { poi: "points", geofence: "geofences" } as const;
const LIST = { poi: "/places/points", geofence: "/places/geofences" } as const;

type SaveResult = unknown;

const saveResult = (a: SaveResult) => formFailure(a, "save");

interface MapProps {
  categories: string[];
  mapConfig: MapConfig;
  exposeMap: boolean;
}

export function AddPlacePage({
  kind,
  loaderData,
  actionData,
}: {
  kind: Kind;
  loaderData: MapProps;
  actionData: SaveResult;
}) {
  const { t } = useTranslation("places");
  const section = SECTION[kind];
  const result = saveResult(actionData);
  return (
    <FormPage title={t(`${section}.newTitle`)} back={{ to: LIST[kind], label: t(`${section}.back`) }}>
      <PlaceForm
        kind={kind}
        result={result?.reply}
        code={result?.code}
        defaultValue={kind === "geofence" ? { shape: "circle" } : undefined}
        categories={loaderData.categories}
        mapConfig={loaderData.mapConfig}
        exposeMap={loaderData.exposeMap}
        submitLabel={t(`${section}.create`)}
      >
        <Link to={LIST[kind]} className="button">
          {t("common:actions.cancel")}
        </Link>
      </PlaceForm>
    </FormPage>
  );
}

interface EditData extends MapProps {
  place: Parameters<typeof placeFormValues>[0];
  version: string;
  canWrite: boolean;
  confirmDelete: boolean;
}

export function EditPlacePage({
  kind,
  loaderData,
  actionData,
}: {
  kind: Kind;
  loaderData: EditData;
  actionData: SaveResult;
}) {
  const { t } = useTranslation("places");
  const [params] = useSearchParams();
  const section = SECTION[kind];
  const { place, canWrite, confirmDelete } = loaderData;
  const result = saveResult(actionData);
  const deleteCode = formFailure(actionData, "delete")?.code ?? null;
  const notice = params.has("created") ? `${section}.created` : params.has("saved") ? `${section}.saved` : null;
  return (
    <FormPage
      title={t(`${section}.editTitle`, { name: place.name })}
      back={{ to: LIST[kind], label: t(`${section}.back`) }}
      className="stack"
    >
      {notice && !actionData && (
        <div className="alert alert-ok" role="status" data-testid="notice">
          {t(notice)}
        </div>
      )}
      <PlaceForm
        key={loaderData.version}
        kind={kind}
        result={result?.reply}
        code={result?.code}
        defaultValue={placeFormValues(place)}
        categories={loaderData.categories}
        mapConfig={loaderData.mapConfig}
        exposeMap={loaderData.exposeMap}
        readOnly={!canWrite}
        submitLabel={t("common:actions.save")}
      />
      {canWrite && (
        <DeleteConfirm
          confirming={confirmDelete || Boolean(deleteCode)}
          label={t(`${section}.delete`)}
          question={t(`${section}.confirmDelete`, { name: place.name })}
          code={deleteCode}
        />
      )}
    </FormPage>
  );
}
