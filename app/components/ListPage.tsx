import type { ReactNode } from "react";
import { Link } from "react-router";
import { Pagination } from "./ListControls";

/** A list's status line after a redirect ("Saved", "Deleted", "3 imported"). */
export function Notice({
  children,
  testId,
  tone = "ok",
}: {
  children: ReactNode;
  testId?: string;
  tone?: "ok" | "success";
}) {
  return (
    <div className={`alert alert-${tone}`} role="status" data-testid={testId}>
      {children}
    </div>
  );
}

/**
 * The frame of every list screen: the header (title, optional intro, the add link and other actions), the notices,
 * the filters (a SearchBox with its selects), then the table (usually a RecordTable) and the pages.
 */
export function ListPage(props: {
  title: string;
  /** Under the title: a text (in a paragraph) or the page's own element. */
  intro?: ReactNode;
  /** The primary "add" link; left out when the user may not write. */
  add?: { to: string; label: string; testId?: string } | false | null;
  /** Further header actions (import, export), before the add link. */
  actions?: ReactNode;
  notices?: ReactNode;
  filters?: ReactNode;
  page?: { page: number; pages: number; total: number };
  className?: string;
  testId?: string;
  children: ReactNode;
}) {
  const { add, actions } = props;
  const addLink = add && (
    <Link to={add.to} className="button primary" data-testid={add.testId}>
      {add.label}
    </Link>
  );
  return (
    <section className={props.className} data-testid={props.testId}>
      <header className="page-header">
        {props.intro ? (
          <div>
            <h1>{props.title}</h1>
            {typeof props.intro === "string" ? <p>{props.intro}</p> : props.intro}
          </div>
        ) : (
          <h1>{props.title}</h1>
        )}
        {addLink && actions ? (
          <div className="form-actions">
            {actions}
            {addLink}
          </div>
        ) : (
          (addLink ?? actions)
        )}
      </header>
      {props.notices}
      {props.filters}
      {props.children}
      {props.page && <Pagination page={props.page.page} pages={props.page.pages} total={props.page.total} />}
    </section>
  );
}
