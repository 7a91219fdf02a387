// After the build: a brotli (.br) and a gzip (.gz) copy of every script, stylesheet and SVG the
// browser gets (the hashed assets and the public files), made once at their best settings, so the
// server sends stored bytes instead of compressing on every request (server/middleware/stored-files.ts).
// Run by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const clientDir = join(import.meta.dirname, "../build/client");
const compressible = /\.(js|css|svg|json|txt)$/;

let files = 0;
let original = 0;
let brotli = 0;
for (const name of readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter((file) => compressible.test(file))) {
  const bytes = readFileSync(join(clientDir, name));
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(join(clientDir, `${name}.br`), br);
  writeFileSync(join(clientDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  files += 1;
  original += bytes.length;
  brotli += br.length;
}
console.log(`precompressed ${files} files: ${(original / 1000).toFixed(1)} KB, ${(brotli / 1000).toFixed(1)} KB as brotli`);
