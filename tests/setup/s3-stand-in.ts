import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/** A local S3-compatible service (s3rver) with one empty bucket, and the site's settings for it. */
export async function startS3StandIn(bucket = "college-media") {
  const directory = mkdtempSync(join(tmpdir(), "s3-stand-in-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  let stopped = false;
  return {
    endpoint,
    env: { S3_BUCKET: bucket, S3_ENDPOINT: endpoint, S3_REGION: "us-east-1", S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    /** Stops the service (a test may stop it early, to see the site without its bucket). */
    async stop() {
      if (stopped) return;
      stopped = true;
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
