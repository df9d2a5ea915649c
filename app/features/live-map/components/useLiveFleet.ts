import { startTransition, useEffect, useMemo, useRef, useState } from "react";
import type { FleetVehicle, LivePositionMessage } from "../../../lib/map/fleet-types";
import { LiveConnection, type LiveState } from "../../../lib/map/live-connection";
import { applyPositions, mergeFleet, queuePosition } from "../../../lib/map/live-fleet";

/**
 * Server-rendered vehicles kept current over the /live WebSocket: subscribes to the listed vehicles,
 * resubscribes when the list (filter) changes, reconnects with backoff. Positions are applied once per
 * animation frame (one state update, one render, one map update however many arrived), or every
 * second while the tab is hidden and frames do not run. The update is a transition: React renders the
 * list and counters in slices and gives way to input and the map's frames, so they never block them.
 */
export function useLiveFleet(initial: FleetVehicle[], userId: string, csrfToken: string) {
  const [vehicles, setVehicles] = useState(initial);
  const [state, setState] = useState<LiveState>("closed");
  const connection = useRef<LiveConnection | null>(null);

  useEffect(() => {
    setVehicles((live) => mergeFleet(initial, live));
  }, [initial]);

  useEffect(() => {
    let queue = new Map<string, LivePositionMessage>();
    let frame: number | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const flush = () => {
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
      frame = timer = null;
      const batch = queue;
      queue = new Map();
      const msgs = [...batch.values()];
      if (msgs.length) startTransition(() => setVehicles((list) => applyPositions(list, msgs)));
    };
    const conn = new LiveConnection({
      userId,
      csrfToken,
      onPosition: (msg) => {
        queuePosition(queue, msg);
        if (frame === null) frame = requestAnimationFrame(flush);
        if (timer === null) timer = setTimeout(flush, 1000);
      },
      onState: setState,
    });
    connection.current = conn;
    conn.setVehicles(initial.map((v) => v.vehicleId));
    conn.start();
    return () => {
      conn.stop();
      connection.current = null;
      if (frame !== null) cancelAnimationFrame(frame);
      if (timer !== null) clearTimeout(timer);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [userId, csrfToken]);

  // Once per server list, not per render: with 10,000 vehicles this string is 370 KB, and live updates render every frame.
  const ids = useMemo(() => initial.map((v) => v.vehicleId).join(","), [initial]);
  useEffect(() => {
    connection.current?.setVehicles(ids ? ids.split(",") : []);
  }, [ids]);

  return { vehicles, liveState: state };
}
