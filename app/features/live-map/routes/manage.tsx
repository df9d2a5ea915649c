import { useCallback, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useRouteLoaderData, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { FleetCounters } from "../components/FleetCounters";
import { FleetMap } from "../components/FleetMap";
import { FleetTable } from "../components/FleetTable";
import { useLiveFleet } from "../components/useLiveFleet";
import { VehiclePanel } from "../components/VehiclePanel";
import { SearchBox } from "../../../components/ListControls";
import { countFleet } from "../../../lib/map/live-fleet";
import { liveMapLoader } from "../live-map.server";
import type { Route } from "./+types/manage";
import "../../../styles/map.css";
import { useHydrated } from "../../../lib/use-hydrated";

export const meta: Route.MetaFunction = () => [{ title: "Flota" }];

export function loader({ request, context }: Route.LoaderArgs) {
  return liveMapLoader(context, request);
}

/** Choosing a vehicle only changes the panel: no need to reload the fleet. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const strip = (u: URL) => {
    const s = new URLSearchParams(u.search);
    s.delete("vehicle");
    s.sort();
    return s.toString();
  };
  return strip(currentUrl) !== strip(nextUrl) ? defaultShouldRevalidate : false;
}

export default function Manage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("manage");
  const root = useRouteLoaderData("root") as { csrfToken?: string } | undefined;
  const [params, setParams] = useSearchParams();
  const hydrated = useHydrated();
  const { vehicles, liveState } = useLiveFleet(loaderData.vehicles, loaderData.userId, root?.csrfToken ?? "");
  const [follow, setFollow] = useState(false);
  const listRef = useRef<HTMLDivElement>(null);
  const selectedId = params.get("vehicle");
  const selected = vehicles.find((v) => v.vehicleId === selectedId) ?? null;
  const counters = useMemo(() => countFleet(vehicles), [vehicles]);

  const select = useCallback(
    (vehicleId: string | null) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev);
          if (vehicleId) next.set("vehicle", vehicleId);
          else next.delete("vehicle");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
      if (!vehicleId) setFollow(false);
    },
    [setParams],
  );

  const closeParams = new URLSearchParams(params);
  closeParams.delete("vehicle");

  return (
    <section className={`manage${hydrated ? " is-hydrated" : ""}`}>
      <header className="page-header manage-header">
        <div>
          <h1>{t("title")}</h1>
          <p className="muted">{t("intro")}</p>
        </div>
        <FleetCounters counters={counters} />
      </header>
      <div className="manage-toolbar">
        <SearchBox placeholder={t("searchPlaceholder")}>
          <select name="team" defaultValue={params.get("team") ?? ""} aria-label={t("team")}>
            <option value="">{t("allTeams")}</option>
            {loaderData.teams.map((team) => (
              <option key={team.id} value={team.id}>
                {team.name}
              </option>
            ))}
          </select>
        </SearchBox>
        {hydrated && (
          <span className={`live-state live-${liveState}`} data-testid="live-state" data-state={liveState}>
            {t(`live.${liveState}`)}
          </span>
        )}
        {loaderData.canFaults && (
          <Link to="/manage/faults" className="button">
            {t("faultsLink")}
          </Link>
        )}
      </div>
      <div className="manage-layout">
        <div className="manage-list" ref={listRef}>
          <FleetTable
            vehicles={vehicles}
            selectedId={selectedId}
            timeZone={loaderData.timeZone}
            onSelect={hydrated ? select : undefined}
            scrollRef={listRef}
          />
        </div>
        <div className="manage-side">
          {hydrated && (
            <FleetMap
              vehicles={vehicles}
              selectedId={selectedId}
              follow={follow}
              config={loaderData.mapConfig}
              expose={loaderData.exposeMap}
              showPlaces={loaderData.showPlaces}
              onSelect={select}
            />
          )}
          {selected && (
            <VehiclePanel
              vehicle={selected}
              timeZone={loaderData.timeZone}
              canCommand={loaderData.canCommand}
              canReplay={loaderData.canReplay}
              hasCamera={loaderData.cameraVehicles.includes(selected.vehicleId)}
              initialAddress={
                loaderData.selectedAddress?.vehicleId === selected.vehicleId ? loaderData.selectedAddress.address : null
              }
              closeHref={`?${closeParams}`}
              follow={hydrated ? { on: follow, toggle: setFollow } : undefined}
              onClose={hydrated ? () => select(null) : undefined}
            />
          )}
        </div>
      </div>
    </section>
  );
}
