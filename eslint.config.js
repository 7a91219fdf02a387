import js from "@eslint/js";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/", ".react-router/", "node_modules/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // Tools' own configuration files that are CommonJS (dependency-cruiser's).
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: { module: "writable", require: "readonly" } } },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      // Express augments its types through global namespaces.
      "@typescript-eslint/no-namespace": ["error", { allowDeclarations: true }],
      // One import rule (docs/decisions/008-rules-lint-enforces.md): neighbours by ./ or ../, anything
      // further by its subpath import (#app/…, #server/…, #tests/…). dependency-cruiser checks the
      // other half: no relative import leaves its top-level folder.
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["../../*"], message: "Import from further away by its subpath import (#app/…, #server/…, #tests/…), not ../../." },
            { group: ["~/*"], message: "This project has no ~/ alias: use #app/…." },
          ],
        },
      ],
    },
  },
);
