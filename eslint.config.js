import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";
import { appFrontDoor } from "./scripts/eslint/app-front-door.js";
import { moduleFrontDoor } from "./scripts/eslint/module-front-door.js";

const flota = { rules: { "module-front-door": moduleFrontDoor, "app-front-door": appFrontDoor } };

export default tseslint.config(
  { ignores: ["build/**", "build-*/**", ".react-router/**", "node_modules/**", "data/**", "public/**"] },
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { "@typescript-eslint": tseslint.plugin, "react-hooks": reactHooks, flota },
    linterOptions: { reportUnusedDisableDirectives: "error" },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": ["error", { checksVoidReturn: false }],
      "@typescript-eslint/switch-exhaustiveness-check": ["error", { considerDefaultExhaustiveForUnions: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none", ignoreRestSiblings: true },
      ],
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "warn",
      "flota/module-front-door": "error",
      "flota/app-front-door": "error",
    },
  },
);
