/** The search module's front door: what other modules and the server's adapters may use. */
export {
  SEARCH_KINDS,
  SEARCH_MAX_LENGTH,
  SEARCH_MIN_LENGTH,
  SEARCH_PER_KIND,
  searchQuerySchema,
} from "./search.schema";
export { FINDERS, searchEverything } from "./search.service";
