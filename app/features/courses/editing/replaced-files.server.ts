import type { MediaStore } from "#app/lib/storage/media-store.server.ts";
import { placedByHand } from "../media-paths.ts";

/**
 * Removes a file a change left unused (a replaced video, captions or picture) a minute later: pages
 * kept for visitors may still name it meanwhile. The site's own public pictures ("/images/…") and
 * lesson files placed by hand are never removed.
 */
export function removeLater(mediaStore: MediaStore, key: string | null) {
  if (key === null || key.startsWith("/") || placedByHand(key)) return;
  setTimeout(() => void mediaStore.remove(key).catch(() => {}), 60_000).unref();
}
