import { readdirSync, readFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import type { Plugin } from "vite";
import { fileVersion } from "../server/file-version.ts";

/** A quoted address in our code that may name a public file: "/images/hero/slide-1.svg". */
const quotedAddress = /(["'`])(\/[\w./-]+\.(?:svg|png|jpe?g|webp|ico|css))\1/g;

/**
 * At build time, adds each public file's version to the addresses our code writes for it
 * ("/images/hero/slide-1.svg" becomes "/images/hero/slide-1.svg?v=…"), in the server's bundle and
 * the browser's alike, so the two render the same markup. The server keeps an address with the
 * current version cached for a year (server/middleware/stored-files.ts). A "/images/…" address naming no file
 * stops the build: a misspelt picture is found before it ships. Development serves files unversioned.
 */
export function versionPublicFiles(publicDir: string): Plugin {
  const versions = new Map<string, string>();
  return {
    name: "version-public-files",
    apply: "build",
    buildStart() {
      versions.clear();
      for (const name of readdirSync(publicDir, { recursive: true, withFileTypes: true })) {
        if (!name.isFile()) continue;
        const path = join(name.parentPath, name.name);
        versions.set(`/${relative(publicDir, path).split(sep).join("/")}`, fileVersion(readFileSync(path)));
      }
    },
    transform(code, id) {
      if (id.includes("node_modules") || !/\.(ts|tsx)$/.test(id.split("?")[0]!)) return;
      let changed = false;
      const versioned = code.replace(quotedAddress, (whole, quote: string, address: string) => {
        const version = versions.get(address);
        if (!version) {
          if (address.startsWith("/images/")) this.error(`${address} is not a file in public/ (named in ${id})`);
          return whole;
        }
        changed = true;
        return `${quote}${address}?v=${version}${quote}`;
      });
      return changed ? { code: versioned, map: null } : undefined;
    },
  };
}
