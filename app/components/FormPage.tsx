import type { ReactNode } from "react";
import { Link } from "react-router";
import { formFailure, failureFields, type FormFailure } from "../lib/form-failure";
import { FormAlert } from "./forms";

/**
 * The frame of every add and edit page: the header (title, back link, header actions such as delete), a notice, and
 * the form. `children` may be a function of the action's failure (`formFailure(actionData, intent)`), which the page
 * hands to its form: the form shows the banner and the field errors inside itself. `banner` shows the failure's
 * banner above the children instead, for a form that has none of its own.
 */
export function FormPage(props: {
  title: ReactNode;
  back?: { to: string; label: string; className?: string };
  /** Beside the title: a delete link, a status note. */
  actions?: ReactNode;
  notice?: ReactNode;
  actionData?: unknown;
  intent?: string;
  banner?: boolean;
  className?: string;
  children: ReactNode | ((failure: FormFailure | null) => ReactNode);
}) {
  const failure = formFailure(props.actionData, props.intent);
  const { back, children } = props;
  return (
    <section className={props.className}>
      <header className="page-header">
        <h1>{props.title}</h1>
        {props.actions}
        {back && (
          <Link to={back.to} className={back.className}>
            {back.label}
          </Link>
        )}
      </header>
      {props.notice}
      {props.banner && <FormAlert code={failure?.code} fields={failureFields(failure)} />}
      {typeof children === "function" ? children(failure) : children}
    </section>
  );
}
