import cluster from "node:cluster";
import type { Kysely } from "kysely";
import type { Logger } from "pino";
import { onContentVersionRaised, readContentVersions } from "#app/lib/content-versions/content-versions.server.ts";
import type { Database } from "#app/lib/db/schema.ts";
import { learnerNumbersPeriod, type ContentTopic, type StoredContent } from "#app/lib/content-versions/page-cache.ts";

/** How often the versions are read: a change made on another instance is seen within this. */
const pollMs = 250;
/** While this process waits to see a version it raised (or a sibling worker told it of). */
const eagerPollMs = 10;
/** A raised version never seen (its transaction rolled back) stops blocking its pages after this. */
const expectationMs = 10_000;

/** Between the workers of one instance (server/cluster.ts relays it): a version is being raised. */
interface VersionRaisedMessage {
  type: "content-version-raised";
  topic: StoredContent;
  version: number;
}

export const isVersionRaisedMessage = (message: unknown): message is VersionRaisedMessage =>
  typeof message === "object" && message !== null && (message as { type?: unknown }).type === "content-version-raised";

/** The versions of what pages read, as they were at one moment. */
export interface VersionSnapshot {
  /** One string naming these topics' versions; undefined when one of them is being changed. */
  stamp(topics: readonly ContentTopic[]): string | undefined;
  /** One stored topic's version; undefined while it is being changed. */
  version(topic: StoredContent): number | undefined;
}

export interface ContentVersionWatch {
  snapshot(): VersionSnapshot;
  close(): void;
}

/**
 * Keeps this process's view of the content versions: read from the database every 250 ms (what
 * other instances and command-line imports change), and at once for a change made here or by a
 * sibling worker. A topic raised but not yet seen committed stamps as undefined, so its pages are
 * rendered afresh from the moment the change starts until the new version is read.
 */
export async function watchContentVersions({
  db,
  mediaVersion,
  logger,
}: {
  db: Kysely<Database>;
  /** Lesson files change on disk, not in the database (MediaCatalog.version). */
  mediaVersion: () => number | undefined;
  logger: Logger;
}): Promise<ContentVersionWatch> {
  let known = await readContentVersions(db);
  const expected = new Map<string, { version: number; until: number }>();
  let failing = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const settleExpectations = () => {
    const now = Date.now();
    for (const [topic, expectation] of expected) {
      if ((known.get(topic) ?? 0) >= expectation.version || expectation.until < now) expected.delete(topic);
    }
  };
  const read = async () => {
    try {
      known = await readContentVersions(db);
      if (failing) logger.info("content versions readable again");
      failing = false;
    } catch (err) {
      // Pages stored meanwhile stay served; the next read tells what changed.
      if (!failing) logger.warn({ err }, "could not read content versions");
      failing = true;
    }
    settleExpectations();
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(() => void read().finally(() => schedule(expected.size ? eagerPollMs : pollMs)), delayMs);
    timer.unref();
  };
  const expect = (topic: StoredContent, version: number) => {
    const previous = expected.get(topic)?.version ?? 0;
    expected.set(topic, { version: Math.max(previous, version), until: Date.now() + expectationMs });
    schedule(eagerPollMs);
  };

  const stopListening = onContentVersionRaised((topic, version) => {
    expect(topic, version);
    // The other workers of this instance hear it before the change commits (server/cluster.ts).
    if (cluster.isWorker) process.send!({ type: "content-version-raised", topic, version } satisfies VersionRaisedMessage);
  });
  const fromSibling = (message: unknown) => {
    if (isVersionRaisedMessage(message)) expect(message.topic, message.version);
  };
  process.on("message", fromSibling);
  schedule(pollMs);

  return {
    snapshot() {
      const versions = known;
      const changing = new Set(expected.keys());
      const media = mediaVersion();
      return {
        stamp(topics) {
          const parts: string[] = [];
          for (const topic of topics) {
            if (topic === "media") {
              if (media === undefined) return undefined;
              parts.push(`media:${media}`);
            } else if (topic === "learner-numbers") {
              parts.push(`learner-numbers:${learnerNumbersPeriod()}`);
            } else {
              if (changing.has(topic)) return undefined;
              parts.push(`${topic}:${versions.get(topic) ?? 0}`);
            }
          }
          return parts.join(",");
        },
        version: (topic) => (changing.has(topic) ? undefined : (versions.get(topic) ?? 0)),
      };
    },
    close() {
      stopped = true;
      clearTimeout(timer);
      stopListening();
      process.off("message", fromSibling);
    },
  };
}
