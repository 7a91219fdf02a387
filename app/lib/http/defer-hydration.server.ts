import { StringDecoder } from "node:string_decoder";
import { Transform } from "node:stream";

/**
 * Makes a page's JavaScript wait for the page to load before it is fetched.
 *
 * React Router preloads every module of a page from the head and imports them from a module
 * script at the end of the body. On a slow phone network those 100 KB of JavaScript are then
 * fetched at the same moment as the stylesheet and the largest picture, and share their
 * bandwidth: Lighthouse's largest paint took 1.9 s. Fetched after the `load` event it took
 * 0.9 s. Every page works before its script runs (links and forms are plain HTML), so the
 * page is usable meanwhile; it becomes interactive (hydrated) once the scripts arrive.
 *
 * The rewrite removes the `modulepreload` links and turns the bootstrap script's static imports
 * into dynamic ones awaited after `load`. It works on the streamed text, holding back only an
 * unfinished tag or an unfinished module script until its end arrives.
 */
export function deferHydrationScripts(): Transform {
  const decoder = new StringDecoder("utf8");
  let held = "";
  // React writes a page in many small pieces, each then passed on, written and compressed on its
  // own: what one turn of the event loop produces goes on as one piece instead. Compressing a
  // signed-in page fell from 10% of a worker's time to 5%, and its throughput rose by a fifth.
  let ready = "";
  let passOn: NodeJS.Immediate | undefined;
  const rewriter: Transform = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = held + decoder.write(chunk);
      const cut = safeCut(text);
      held = text.slice(cut);
      ready += rewrite(text.slice(0, cut));
      passOn ??= setImmediate(() => {
        passOn = undefined;
        if (ready && !rewriter.destroyed) rewriter.push(ready);
        ready = "";
      });
      callback();
    },
    flush(callback) {
      clearImmediate(passOn);
      callback(null, ready + rewrite(held + decoder.end()));
    },
  });
  return rewriter;
}

const moduleScriptStart = /<script\b[^>]*\btype="module"[^>]*>/g;
const modulePreload = /<link\b[^>]*\brel="modulepreload"[^>]*>/g;
const staticImport = /\bimport\s+(?:\*\s+as\s+(\w+)\s+from\s+)?"([^"]+)";/g;

/** Where the text can be cut without splitting a tag or a module script's body. */
function safeCut(text: string): number {
  moduleScriptStart.lastIndex = 0;
  for (let match; (match = moduleScriptStart.exec(text));) {
    if (!text.includes("</script>", match.index + match[0].length)) return match.index;
  }
  const lastOpen = text.lastIndexOf("<");
  return lastOpen > text.lastIndexOf(">") ? lastOpen : text.length;
}

function rewrite(html: string): string {
  return html
    .replace(modulePreload, "")
    .replace(/(<script\b[^>]*\btype="module"[^>]*>)([\s\S]*?)(<\/script>)/g, (_all, open: string, body: string, close: string) => {
      const imports = [...body.matchAll(staticImport)];
      if (imports.length === 0) return open + body + close;
      const names = imports.map(([, name], index) => name ?? `_unused${index}`);
      const loaded =
        'await new Promise((resolve) => (document.readyState === "complete" ? resolve() : addEventListener("load", resolve, { once: true })));\n' +
        `const [${names.join(", ")}] = await Promise.all([${imports.map(([, , url]) => `import(${JSON.stringify(url)})`).join(", ")}]);\n`;
      return open + loaded + body.replace(staticImport, "") + close;
    });
}
