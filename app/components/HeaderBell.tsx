import { Link } from "react-router";

/**
 * A bell in the header: a plain link to its list with the unread count (no JavaScript needed), "99+" above 99.
 * `testId` names the link and, with "-count", the count; `live` is the notification socket's state, for tests.
 */
export function HeaderBell({
  to,
  label,
  count,
  live,
  testId,
  iconPath,
}: {
  to: string;
  label: string;
  count: number;
  live: string;
  testId: string;
  iconPath: string;
}) {
  return (
    <Link
      to={to}
      className={`alert-bell${count > 0 ? " has-unread" : ""}`}
      title={label}
      aria-label={label}
      data-testid={testId}
      data-count={count}
      data-live={live}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path fill="currentColor" d={iconPath} />
      </svg>
      {count > 0 && (
        <span className="alert-bell-count" data-testid={`${testId}-count`}>
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
