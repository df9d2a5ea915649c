import { data } from "react-router";
import { searchEverything, searchQuerySchema } from "../../../server/modules/search";
import { requireUser, type LoadContext } from "../../lib/route-kit.server";

/** Every list the user may read, searched for ?q= (grouped by kind). */
export async function searchLoader(context: LoadContext, request: Request) {
  const p = requireUser(context, request);
  const parsed = searchQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  // longer words than any list searches for are refused (400), as /api/search refuses them, not answered "none"
  if (!parsed.success) return data({ q: "", groups: [], tooLong: true }, { status: 400 });
  return { ...(await searchEverything(context.app, p, parsed.data.q)), tooLong: false };
}
