import type { Rule } from "eslint";

/** Types of app-front-door.js (the rule is plain JavaScript, loaded by eslint.config.js as it is). */
export declare const PURE_SHARED_FILES: string[];
export declare const PROTOCOL_REGISTRY_FILES: string[];
export declare const appFrontDoor: Rule.RuleModule;
export declare function resolveTarget(root: string, rel: string): string;
export declare function appImportProblem(
  file: string,
  target: string,
  typeOnly: boolean,
): { messageId: "glue" | "client" | "otherGlue" | "http"; data: Record<string, string> } | null;
