import { redirect } from "react-router";
import { endSupportAction } from "../admin.server";
import type { Route } from "./+types/support-end";

export const loader = () => redirect("/manage");

export function action({ request, context }: Route.ActionArgs) {
  return endSupportAction(request, context);
}
