import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * Which tables a source file names, and whether it writes them. Read from the file's strings only (comments never
 * count): a Kysely call's table argument (`selectFrom("alerts as a")`, `insertInto("alerts")`, joins) and raw SQL in
 * strings and templates (`FROM positions`, `JOIN vehicle_state`, `INSERT INTO`, `UPDATE`, `DELETE FROM`).
 */
export interface TableReference {
  file: string;
  line: number;
  table: string;
  write: boolean;
}

const WRITE_CALLS = new Set(["insertInto", "updateTable", "deleteFrom", "mergeInto", "replaceInto"]);
const READ_CALLS = new Set([
  "selectFrom",
  "innerJoin",
  "leftJoin",
  "rightJoin",
  "fullJoin",
  "innerJoinLateral",
  "leftJoinLateral",
  "using",
]);
const RAW = /\b(insert\s+into|update|delete\s+from|from|join|using)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [p] : [];
  });
}

export function tableReferences(file: string, rel: string, tables: ReadonlySet<string>): TableReference[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: TableReference[] = [];
  const add = (node: ts.Node, table: string, write: boolean) => {
    if (!tables.has(table)) return;
    const line = source.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    found.push({ file: rel, line, table, write });
  };
  const callName = (node: ts.Node): string | null => {
    const call = node.parent;
    if (!call || !ts.isCallExpression(call) || !call.arguments.includes(node as ts.Expression)) return null;
    const callee = call.expression;
    return ts.isPropertyAccessExpression(callee) ? callee.name.text : ts.isIdentifier(callee) ? callee.text : null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node)) {
      const text = node.text;
      const parent = ts.isArrayLiteralExpression(node.parent) ? node.parent : node;
      const name = callName(parent);
      if (name && (WRITE_CALLS.has(name) || READ_CALLS.has(name))) {
        const table = /^\s*([a-z_][a-z0-9_]*)(\s+as\s+\w+)?\s*$/.exec(text)?.[1];
        if (table) add(node, table, WRITE_CALLS.has(name));
      } else {
        for (const m of text.matchAll(RAW)) {
          const verb = m[1].toLowerCase().replace(/\s+/g, " ");
          add(node, m[2], verb === "insert into" || verb === "update" || verb === "delete from");
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
