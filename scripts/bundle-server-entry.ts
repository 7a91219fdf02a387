// After the build: the server's own entry (server/index.ts and what it imports from server/ and
// app/) as one JavaScript file, build/start.js, which `npm start` runs. Run from the source, Node
// strips the types of each TypeScript file as it loads, and the stripper (a WebAssembly compiler
// with its memory) then stays in every process: about 20 MB of each worker and 30 MB of the
// primary. Packages stay imports of their own; build/server/index.js is loaded at run time as before.
// Run by `npm run build`.
import { join } from "node:path";
import { build } from "rolldown";

const root = join(import.meta.dirname, "..");

await build({
  cwd: root,
  input: join(root, "server/index.ts"),
  platform: "node",
  // Bare specifiers are packages (and node: modules); `#app/…` and relative paths are our code.
  external: [/^[^.#/]/],
  logLevel: "warn",
  // In build/, one folder below the root as server/ is: the paths it finds from its own place hold.
  output: { file: join(root, "build/start.js"), format: "esm", codeSplitting: false },
});
console.log("bundled the server's entry: build/start.js");
