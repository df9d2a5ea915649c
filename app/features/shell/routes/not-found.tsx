import { redirect } from "react-router";

/** Spec section 2: any unknown path goes to /manage (which sends visitors without a session to /login). */
export const loader = () => redirect("/manage");
export const action = () => redirect("/manage");
