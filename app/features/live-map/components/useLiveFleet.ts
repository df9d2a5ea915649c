import { useEffect, useRef, useState } from "react";
import type { FleetVehicle } from "../../../lib/map/fleet-types";
import { LiveConnection, type LiveState } from "../../../lib/map/live-connection";
import { applyPosition, mergeFleet } from "../../../lib/map/live-fleet";

/**
 * Server-rendered vehicles kept current over the /live WebSocket: subscribes to the listed vehicles,
 * resubscribes when the list (filter) changes, reconnects with backoff.
 */
export function useLiveFleet(initial: FleetVehicle[], userId: string, csrfToken: string) {
  const [vehicles, setVehicles] = useState(initial);
  const [state, setState] = useState<LiveState>("closed");
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => { setVehicles((live) => mergeFleet(initial, live)); }, [initial]);

  useEffect(() => {
    const conn = new LiveConnection({
      userId,
      csrfToken,
      onPosition: (msg) => setVehicles((list) => applyPosition(list, msg)),
      onState: setState,
    });
    connection.current = conn;
    conn.setVehicles(initial.map((v) => v.vehicleId));
    conn.start();
    return () => { conn.stop(); connection.current = null; };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, csrfToken]);

  const ids = initial.map((v) => v.vehicleId).join(",");
  useEffect(() => { connection.current?.setVehicles(ids ? ids.split(",") : []); }, [ids]);

  return { vehicles, liveState: state };
}
