// The rules of the tree that `npm run lint` enforces (docs/decisions/008-rules-lint-enforces.md).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "app-imports-server",
      comment: "The React Router application never imports the server process's code: server/ assembles app/, not the other way.",
      severity: "error",
      from: { path: "^app/" },
      to: { path: "^server/" },
    },
    {
      name: "feature-internals",
      comment:
        "A feature uses another only through its public entry, index.ts (safe in the browser) or index.server.ts; everything else in a feature folder is its own.",
      severity: "error",
      from: { path: "^app/features/([^/]+)/" },
      to: {
        path: "^app/features/[^/]+/",
        pathNot: ["^app/features/$1/", "^app/features/[^/]+/index(\\.server)?\\.tsx?$"],
      },
    },
    {
      name: "one-import-rule",
      comment:
        "A relative import stays in its own top-level folder (app, server, scripts, tests); across them, use the subpath import (#app/…, #server/…, #tests/…).",
      severity: "error",
      from: { path: "^(app|server|scripts|tests)/" },
      to: { dependencyTypes: ["local"], dependencyTypesNot: ["aliased", "aliased-subpath-import"], pathNot: "^$1/" },
    },
    {
      name: "no-cycles",
      comment: "Modules that import each other, directly or around a loop, cannot be understood or moved one at a time.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(build|\\.react-router|node_modules)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    combinedDependencies: true,
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".d.ts"],
    },
  },
};
