import type { NavIconName } from "../lib/navigation";

/** Line drawings on a 24-unit grid, drawn with the text colour: one per section of the navigation. */
const SHAPES: Record<NavIconName, string> = {
  map: "M3 6l6-2 6 2 6-2v14l-6 2-6-2-6 2z M9 4v14 M15 6v14",
  dashboard: "M4 4h7v9H4z M13 4h7v5h-7z M13 11h7v9h-7z M4 15h7v5H4z",
  history: "M12 7v5l3 2 M4 12a8 8 0 1 0 2.3-5.6 M4 4v4h4",
  lock: "M6 11h12v9H6z M8.5 11V8a3.5 3.5 0 0 1 7 0v3",
  place: "M12 21s-6-6.2-6-11a6 6 0 0 1 12 0c0 4.8-6 11-6 11z M12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  notifications: "M6 17V11a6 6 0 0 1 12 0v6l1.5 2h-15z M10 21h4",
  analytics: "M4 20h16 M7 16v-5 M12 16V6 M17 16v-8",
  directions_car: "M5 16v-4l2-5h10l2 5v4z M5 16v2h2v-2 M17 16v2h2v-2 M5 12h14 M8 14h.01 M16 14h.01",
  build: "M14.5 5.5a4 4 0 0 0-5 5L4 16l4 4 5.5-5.5a4 4 0 0 0 5-5l-2.5 2.5-2.5-.5-.5-2.5z",
  route:
    "M6 19a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M18 9a2 2 0 1 0 0-4 2 2 0 0 0 0 4z M8 17h7a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h7",
  local_shipping:
    "M3 6h11v10H3z M14 10h4l3 3v3h-7 M7 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z M17 18.5a1.5 1.5 0 1 0 0-3 1.5 1.5 0 0 0 0 3z",
  videocam: "M3 7h12v10H3z M15 11l6-3v8l-6-3",
  settings:
    "M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6z M12 3v3 M12 18v3 M3 12h3 M18 12h3 M5.6 5.6l2.1 2.1 M16.3 16.3l2.1 2.1 M5.6 18.4l2.1-2.1 M16.3 7.7l2.1-2.1",
  domain: "M4 21V5h9v16 M13 9h7v12 M2 21h20 M7 8h3 M7 12h3 M7 16h3 M16 13h1 M16 17h1",
};

export function NavIcon({ name }: { name: NavIconName }) {
  return (
    <svg
      className="nav-icon"
      viewBox="0 0 24 24"
      width={20}
      height={20}
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={SHAPES[name]} />
    </svg>
  );
}
