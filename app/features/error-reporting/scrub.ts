// Personal data never leaves in an error report: no email address anywhere in its text, no
// query string or fragment of an address (sign-in comes back with ?code=… in it), no cookie,
// credential or client address. Used for our own log lines and for Sentry's events alike.

/** An address, also percent-encoded (%40) as in a URL; the top-level domain has letters, so "key@127.0.0.1" is none. */
const emailAddress = /(?<![\w.+-])[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}(?![\w-])/gi;

/**
 * The `?…` or `#…` after a path or URL (anything with a slash before it in the same word).
 * Matched from the last slash, so a run of slashes costs one pass, not one per slash.
 */
const queryOrFragment = /(\/[^\s?#"'`<>()/]*)[?#][^\s"'`<>()]*/g;

/** Values that open a session when they leak, wherever they appear as name=value. */
const secretParameter =
  /\b(code|state|token|access_token|refresh_token|id_token|id_token_hint|session_state|sid|signin_state|feedback_author|registered|_session|_interaction\w*)=[^&;,\s"'`()<>]+/gi;

/** Keys whose values are dropped wherever they appear in an event. */
const droppedKeys =
  /^(cookies?|set-cookie|authorization|proxy-authorization|x-forwarded-for|x-real-ip|forwarded|query_string|user|ip_address)$/i;

/** The text with email addresses, query strings and secret parameters taken out. */
export function scrubText(text: string): string {
  return text.replace(emailAddress, "[email]").replace(queryOrFragment, "$1").replace(secretParameter, "$1=[removed]");
}

/** A copy of `value` with every string scrubbed and the keys above left out. */
export function scrubDeep<T>(value: T, depth = 0): T {
  if (typeof value === "string") return scrubText(value) as T;
  // Deeper than any event nests: cut rather than walk a structure with cycles.
  if (value === null || typeof value !== "object" || depth > 16) return value;
  if (Array.isArray(value)) return value.map((item: unknown) => scrubDeep(item, depth + 1)) as T;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    if (!droppedKeys.test(key)) copy[key] = scrubDeep(item, depth + 1);
  }
  return copy as T;
}

interface SentryLikeEvent {
  request?: { data?: unknown };
  /** The SDK's own bookkeeping (live request objects); never sent, left as it is. */
  sdkProcessingMetadata?: unknown;
  /** Set by the operator, not by anyone's input: "web@1.0.0-rc.example" is no address to hide. */
  release?: string;
  environment?: string;
  dist?: string;
}

/** Sentry's `beforeSend`, on the server and in the browser: the event as it may leave. */
export function scrubEvent<E extends SentryLikeEvent>(event: E): E {
  const { sdkProcessingMetadata, release, environment, dist, ...rest } = event;
  const scrubbed = scrubDeep(rest) as E;
  // A request body is whatever a person typed into a form.
  if (scrubbed.request) delete scrubbed.request.data;
  return { ...scrubbed, ...defined({ sdkProcessingMetadata, release, environment, dist }) };
}

const defined = (fields: Record<string, unknown>) => Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined));
