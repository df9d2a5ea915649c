/** Crossings still to move to their owner's front door (see table-ownership.test.ts), each with its reason. */
export interface TableReferenceException {
  file: string;
  use: "reads" | "writes";
  table: string;
  why: string;
}

/** Empty: the last crossing (analytics' visits reading places) now composes places' own SQL fragments (`placeSql`). */
export const tableReferenceExceptions: readonly TableReferenceException[] = [];
