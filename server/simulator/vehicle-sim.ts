import { haversineM } from "../modules/positions";
import { TIRANA_ROUTES } from "./tirana-routes";

export interface SimFix {
  fixTime: Date;
  latitude: number;
  longitude: number;
  speed: number;
  course: number;
  ignition: boolean;
  odometerM: number;
}

type Phase = "driving" | "idling" | "parked";

function bearing(a: [number, number], b: [number, number]): number {
  const r = Math.PI / 180;
  const y = Math.sin((b[1] - a[1]) * r) * Math.cos(b[0] * r);
  const x =
    Math.cos(a[0] * r) * Math.sin(b[0] * r) - Math.sin(a[0] * r) * Math.cos(b[0] * r) * Math.cos((b[1] - a[1]) * r);
  return (Math.atan2(y, x) / r + 360) % 360;
}

/**
 * One simulated vehicle: drives a Tirana route back and forth, stops at lights and deliveries
 * (idling, engine on), parks now and then (ignition off).
 */
export class VehicleSim {
  private route: Array<[number, number]>;
  private segment = 0;
  private along = 0;
  private phase: Phase;
  private phaseLeftS: number;
  private speed = 0;
  odometerM: number;

  constructor(
    index: number,
    private random: () => number = Math.random,
  ) {
    const r = TIRANA_ROUTES[index % TIRANA_ROUTES.length].points;
    this.route = index % 2 ? [...r].reverse() : r;
    this.segment = Math.floor(this.random() * (r.length - 1));
    this.phase = index % 5 === 3 ? "parked" : "driving";
    this.phaseLeftS = 20 + this.random() * 120;
    this.odometerM = 20_000_000 + index * 1_234_567;
  }

  private nextPhase(): void {
    const roll = this.random();
    if (this.phase !== "driving") [this.phase, this.phaseLeftS] = ["driving", 60 + this.random() * 240];
    else if (roll < 0.6) [this.phase, this.phaseLeftS] = ["idling", 20 + this.random() * 90];
    else [this.phase, this.phaseLeftS] = ["parked", 60 + this.random() * 300];
  }

  /** Advances by dtS seconds and returns the fix at the new time. */
  step(dtS: number, at: Date): SimFix {
    this.phaseLeftS -= dtS;
    if (this.phaseLeftS <= 0) this.nextPhase();
    const target = this.phase === "driving" ? (this.segment % 3 === 0 ? 55 : 35) + this.random() * 10 : 0;
    this.speed = this.phase === "driving" ? Math.max(5, (this.speed + target) / 2) : 0;
    let move = (this.speed / 3.6) * dtS;
    let a = this.route[this.segment];
    let b = this.route[this.segment + 1];
    while (move > 0) {
      const len = haversineM(a[0], a[1], b[0], b[1]);
      if (this.along + move < len) {
        this.along += move;
        this.odometerM += move;
        move = 0;
      } else {
        move -= len - this.along;
        this.odometerM += len - this.along;
        this.along = 0;
        this.segment++;
        if (this.segment >= this.route.length - 1) {
          this.route = [...this.route].reverse();
          this.segment = 0;
        }
        a = this.route[this.segment];
        b = this.route[this.segment + 1];
      }
    }
    const len = haversineM(a[0], a[1], b[0], b[1]) || 1;
    const f = this.along / len;
    return {
      fixTime: at,
      latitude: Math.round((a[0] + (b[0] - a[0]) * f) * 1e6) / 1e6,
      longitude: Math.round((a[1] + (b[1] - a[1]) * f) * 1e6) / 1e6,
      speed: Math.round(this.speed),
      course: Math.round(bearing(a, b)),
      ignition: this.phase !== "parked",
      odometerM: Math.round(this.odometerM),
    };
  }
}
