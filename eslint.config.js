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
    },
  },
);
