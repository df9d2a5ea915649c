import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { logoutAction } from "../auth.server";

export async function loader() {
  return redirect("/manage");
}

export const action = ({ request, context }: Route.ActionArgs) => logoutAction(request, context);
