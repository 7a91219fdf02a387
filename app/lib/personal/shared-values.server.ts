// Personal data that many requests answer with the same object (a learner's course progress, kept
// while it is unchanged): frozen once and written as JSON once, instead of for each request, for
// the page's data script and for the keys its parts' markup is kept by.

/** Each shared value's JSON with `<` escaped, so that no text in it can end a script element. */
const jsonOfShared = new WeakMap<object, string>();

const scriptSafe = (json: string) => json.replace(/</g, "\\u003c");

function deepFreeze(value: unknown): void {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const inner of Object.values(value)) deepFreeze(inner);
}

/** `value`, frozen through and through and its JSON written now: requests may share it from here on. */
export function sharedValue<T extends object>(value: T): T {
  deepFreeze(value);
  jsonOfShared.set(value, scriptSafe(JSON.stringify(value)));
  return value;
}

/** The JSON of a value (undefined: undefined), `<` escaped; a shared value's as written once. */
export function scriptSafeJson(value: unknown): string | undefined {
  const shared = typeof value === "object" && value !== null ? jsonOfShared.get(value) : undefined;
  if (shared !== undefined) return shared;
  const json = JSON.stringify(value) as string | undefined;
  return json === undefined ? undefined : scriptSafe(json);
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
