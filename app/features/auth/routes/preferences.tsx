import { redirect } from "react-router";
import type { Route } from "./+types/preferences";
import { preferencesAction } from "../auth.server";

export async function loader() {
  return redirect("/manage");
}

export const action = ({ request, context }: Route.ActionArgs) => preferencesAction(request, context);
