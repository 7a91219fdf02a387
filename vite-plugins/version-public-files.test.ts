import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Rollup } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { fileVersion } from "../server/file-version.ts";
import { versionPublicFiles } from "./version-public-files.ts";

const publicDir = mkdtempSync(join(tmpdir(), "public-"));
mkdirSync(join(publicDir, "images/hero"), { recursive: true });
writeFileSync(join(publicDir, "images/hero/slide.svg"), "<svg/>");
writeFileSync(join(publicDir, "favicon.svg"), "<svg></svg>");
afterAll(() => rmSync(publicDir, { recursive: true, force: true }));

/** Runs the plugin's two hooks as the bundler would; its errors are thrown, as the bundler's `this.error` does. */
function transform(code: string, id = "/site/app/content/slides.ts"): string | undefined {
  const plugin = versionPublicFiles(publicDir);
  const context = {
    error(message: string): never {
      throw new Error(message);
    },
  } as unknown as Rollup.TransformPluginContext;
  (plugin.buildStart as unknown as (this: Rollup.TransformPluginContext) => void).call(context);
  const result = (plugin.transform as (this: Rollup.TransformPluginContext, code: string, id: string) => { code: string } | undefined).call(
    context,
    code,
    id,
  );
  return result?.code;
}

describe("the build's public file versions", () => {
  it("adds each public file's content version to the quoted addresses that name it", () => {
    const code = `const a = { src: "/images/hero/slide.svg" }; const b = '/favicon.svg';`;
    expect(transform(code)).toBe(
      `const a = { src: "/images/hero/slide.svg?v=${fileVersion(Buffer.from("<svg/>"))}" }; const b = '/favicon.svg?v=${fileVersion(Buffer.from("<svg></svg>"))}';`,
    );
  });

  it("stops the build on a picture address that names no file", () => {
    expect(() => transform(`const a = "/images/hero/slid.svg";`)).toThrow(/\/images\/hero\/slid\.svg is not a file in public\//);
  });

  it("leaves other addresses, and code that is not ours, as they are", () => {
    expect(transform(`const a = "/courses/java"; const b = "/styles/other.css";`)).toBeUndefined();
    expect(transform(`const a = "/images/hero/slide.svg";`, "/site/node_modules/lib/index.ts")).toBeUndefined();
  });
});
