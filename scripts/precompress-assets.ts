// After the build: a brotli (.br) and a gzip (.gz) copy of every hashed script and stylesheet, made
// once at their best settings, so the server sends stored bytes instead of compressing on every
// request (server/precompressed-assets.ts). Run by `npm run build`.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const assetsDir = join(import.meta.dirname, "../build/client/assets");
const compressible = /\.(js|css|svg|json)$/;

let files = 0;
let original = 0;
let brotli = 0;
for (const name of readdirSync(assetsDir).filter((file) => compressible.test(file))) {
  const bytes = readFileSync(join(assetsDir, name));
  const br = brotliCompressSync(bytes, {
    params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
  });
  writeFileSync(join(assetsDir, `${name}.br`), br);
  writeFileSync(join(assetsDir, `${name}.gz`), gzipSync(bytes, { level: 9 }));
  files += 1;
  original += bytes.length;
  brotli += br.length;
}
console.log(`precompressed ${files} assets: ${(original / 1000).toFixed(1)} KB, ${(brotli / 1000).toFixed(1)} KB as brotli`);
