// Personal data that many requests answer with the same object (a learner's course progress, kept
// while it is unchanged): frozen once and written as JSON once, instead of for each request, for
// the page's data script and for the keys its parts' markup is kept by.

/** Each shared value's JSON with `<` escaped, so that no text in it can end a script element, and a number no other shared value has. */
const shared = new WeakMap<object, { json: string; id: number }>();
let lastId = 0;

const scriptSafe = (json: string) => json.replace(/</g, "\\u003c");

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** `value`, frozen through and through and its JSON written now: requests may share it from here on. */
export function sharedValue<T extends object>(value: T): T {
  deepFreeze(value);
  shared.set(value, { json: scriptSafe(JSON.stringify(value)), id: ++lastId });
  return value;
}

/** The number of a shared value, the same for as long as it is shared (by its holders); undefined for any other value. */
export function sharedValueId(value: unknown): number | undefined {
  return typeof value === "object" && value !== null ? shared.get(value)?.id : undefined;
}

/** The JSON of a value (undefined: undefined), `<` escaped; a shared value's as written once. */
export function scriptSafeJson(value: unknown): string | undefined {
  const json = typeof value === "object" && value !== null ? shared.get(value)?.json : undefined;
  if (json !== undefined) return json;
  const written = JSON.stringify(value) as string | undefined;
  return written === undefined ? undefined : scriptSafe(written);
}

/** The JSON of a record of values, `<` escaped, each shared value's as written once; entries that are undefined are left out, as JSON.stringify does. */
export function scriptSafeJsonOfRecord(record: Record<string, unknown>): string {
  const members: string[] = [];
  for (const [name, value] of Object.entries(record)) {
    const json = scriptSafeJson(value);
    if (json !== undefined) members.push(`${scriptSafe(JSON.stringify(name))}:${json}`);
  }
  return `{${members.join(",")}}`;
}
