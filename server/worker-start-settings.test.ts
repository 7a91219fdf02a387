import { describe, expect, it } from "vitest";
import { workerExecArgv } from "./worker-start-settings.ts";

describe("a worker's node flags", () => {
  it("are the primary's own and then the lean ones", () => {
    expect(workerExecArgv(["--enable-source-maps"], undefined)).toEqual([
      "--enable-source-maps",
      "--max-semi-space-size=8",
      "--heap-growing-percent=20",
      "--no-allocation-site-pretenuring",
    ]);
  });

  it("leave out each lean flag the operator set, on the command line or in NODE_OPTIONS, in whichever form", () => {
    expect(workerExecArgv(["--allocation-site-pretenuring", "--heap_growing_percent=80"], "--max-semi-space-size=16")).toEqual([
      "--allocation-site-pretenuring",
      "--heap_growing_percent=80",
    ]);
    expect(workerExecArgv([], "--no-allocation-site-pretenuring  --max-semi-space-size=4")).toEqual(["--heap-growing-percent=20"]);
  });
});
