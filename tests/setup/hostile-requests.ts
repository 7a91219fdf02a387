import fc from "fast-check";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import routes from "#app/routes.ts";

// Requests no browser sends, aimed at every place a value can come from (path segments, the
// query, headers, cookies, form fields, JSON bodies and multipart files) with every kind of
// hostile value: NUL, lone surrogate halves, objects and arrays where text is expected (and other
// odd text), oversized values.

/** Every route pattern of app/routes.ts ("/staff/courses/:slug", "/courses/*"), layouts flattened. */
export function routePatterns(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  return entries.flatMap((entry) => {
    const path = entry.path === undefined ? parent : `${parent}/${entry.path}`;
    const own = entry.index || entry.path !== undefined ? [path || "/"] : [];
    return [...own, ...routePatterns(entry.children ?? [], path)];
  });
}

/**
 * The bytes of `value` in UTF-8, a lone surrogate half as the three bytes it would take (ED A0 80 for
 * U+D800): what a client that does not check its text sends.
 */
export function looseUtf8(value: string): Buffer {
  const bytes: number[] = [];
  for (let index = 0; index < value.length; index++) {
    const unit = value.charCodeAt(index);
    const next = value.charCodeAt(index + 1);
    const pair = unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    const codePoint = pair ? value.codePointAt(index)! : unit;
    if (pair) index++;
    if (codePoint < 0x80) bytes.push(codePoint);
    else if (codePoint < 0x800) bytes.push(0xc0 | (codePoint >> 6), 0x80 | (codePoint & 63));
    else if (codePoint < 0x10000) bytes.push(0xe0 | (codePoint >> 12), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63));
    else bytes.push(0xf0 | (codePoint >> 18), 0x80 | ((codePoint >> 12) & 63), 0x80 | ((codePoint >> 6) & 63), 0x80 | (codePoint & 63));
  }
  return Buffer.from(bytes);
}

/** Percent-encodes every byte of `looseUtf8(value)` but letters, digits and `_.~-`. */
export const percentEncode = (value: string) =>
  [...looseUtf8(value)]
    .map((byte) =>
      /[\w.~-]/.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("");

/** What a hostile request carries: one kind of value, in every slot of one place. */
export type Kind = "nul" | "surrogate" | "shape" | "oversized";
export const kinds: Kind[] = ["nul", "surrogate", "shape", "oversized"];

const nul = fc.oneof(
  fc.constantFrom("\u0000", "Good\u0000course"),
  fc.string({ maxLength: 8 }).map((text) => `${text}\u0000`),
);
const surrogate = fc.oneof(
  fc.constantFrom("\uD800", "x\uDFFFy", "\uDBFF\uDBFF"),
  fc.string({ maxLength: 8 }).map((text) => `${text}\uDC00`),
);
/**
 * Objects, arrays and numbers spelled as text, where a reader may take them for what they spell,
 * and other odd text: any code point, invisible characters, escapes, markup.
 */
const oddText = fc.oneof(
  fc.constantFrom("[object Object]", "{}", "[]", '{"a":1}', "null", "__proto__", "constructor", "toString", "-1", "1e999", "NaN"),
  fc.constantFrom(
    "",
    " ",
    "\u200B\u202E\u2060",
    "%00",
    "%zz",
    "%",
    "../../etc/passwd",
    "a/b",
    "<script>alert(1)</script>",
    "99999999999999999999",
  ),
  fc.string({ unit: "binary", maxLength: 40 }),
);

/** Text of one kind. In a request's head, oversized stays under the 16 KB Node takes (it refuses more itself). */
function textOf(kind: Kind, where: "head" | "body"): fc.Arbitrary<string> {
  switch (kind) {
    case "nul":
      return nul;
    case "surrogate":
      return surrogate;
    case "shape":
      return oddText;
    case "oversized":
      return where === "head"
        ? fc.constantFrom("x".repeat(4_000), "💥".repeat(400))
        : fc.constantFrom("x".repeat(70_000), "💥".repeat(20_000), "y".repeat(5_000));
  }
}

/** What a JSON body holds where text is expected: objects, arrays, numbers, null, or text of the kind. */
function jsonValueOf(kind: Kind): fc.Arbitrary<unknown> {
  if (kind !== "shape") return textOf(kind, "body");
  return fc.oneof(
    fc.constantFrom(null, true, 0, -1, 1.5, 1e308, { toString: 1 }, { valueOf: {}, toString: {} }, [[[[[]]]]], ["Meena"]),
    fc.array(oddText, { maxLength: 3 }),
    fc.dictionary(fc.constantFrom("a", "toString", "__proto__", "0"), oddText, { maxKeys: 2 }),
    fc.integer(),
  );
}

/** The names our forms and JSON clients use, so that values reach the checks behind them. */
export const fieldNames = [
  "name",
  "email",
  "phone",
  "password",
  "password1",
  "password2",
  "comment",
  "rating",
  "image",
  "imageAlt",
  "message",
  "website_url",
  "altcha",
  "title",
  "slug",
  "intent",
  "id",
  "sub",
  "role",
  "lesson",
  "order",
  "category",
  "teacher",
  "price",
  "reviews",
  "duration",
  "students",
  "question",
  "code",
  "option1",
  "option2",
  "correct",
  "format",
  "file",
  "captions",
  "coursePath",
  "q",
  "token",
  "address",
  "return_to",
  "course",
  "position",
  "finished",
  "current",
  "book",
  "subject",
  "language",
  "free",
  "page",
  "kind",
  "stack",
  "path",
];
/** What the forms' buttons say to do: a hostile field next to one of these reaches the action's own code. */
const intents = [
  "details",
  "publish",
  "unpublish",
  "listing-add",
  "listing-update",
  "listing-remove",
  "move-up",
  "move-down",
  "reorder",
  "settings",
  "question-add",
  "question-update",
  "question-delete",
  "question-up",
  "question-down",
  "import",
  "captions",
  "captions-remove",
  "delete",
  "hide",
  "show",
  "handle",
  "unhandle",
  "save",
  "remove",
  "role",
  "disable",
  "enable",
];

/** A field's name: ours, or (for shapes) ours made an object (`title.x`) or an array (`title[0]`). */
const nameOf = (kind: Kind, name: string) =>
  kind === "shape" ? fc.constantFrom(".x", "[0]", "[]", "[a][b]", "").map((suffix) => name + suffix) : fc.constant(name);

/**
 * Form fields of one kind: every name our forms use, each with a value of the kind (so that the
 * field a route reads gets one), and a name of the kind, next to a known intent; for shapes, names
 * made objects or arrays and one name twice (an array to a reader that collects them). Oversized
 * values go in a few fields only, to keep a query under Node's limit on a request's head.
 */
const fieldsOf = (kind: Kind, where: "head" | "body") => {
  const names =
    kind === "oversized" ? fc.subarray(fieldNames, { minLength: 1, maxLength: where === "head" ? 2 : 5 }) : fc.constant(fieldNames);
  return names
    .chain((chosen) =>
      fc.tuple(
        fc.option(fc.constantFrom(...intents), { nil: undefined }),
        fc.tuple(...chosen.map((name) => fc.tuple(nameOf(kind, name), textOf(kind, where)))),
        kind === "oversized" ? fc.constant([]) : fc.tuple(fc.tuple(textOf(kind, "head"), fc.constant("x"))),
      ),
    )
    .map(([intent, fields, named]) => {
      const all: Array<[string, string]> = [...(intent ? [["intent", intent] as [string, string]] : []), ...fields, ...named];
      return kind === "shape" ? [...all, ...all.slice(-1)] : all;
    });
};

const fileContentOf = (kind: Kind) =>
  fc
    .oneof(
      fc.constantFrom(
        "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n",
        "::Q1:: What is 2+2? {=4 ~3 ~5}\n",
        "question,option1,option2,answer\nWhat?,a,b,a\n",
        "<svg xmlns='http://www.w3.org/2000/svg'></svg>",
      ),
      fc.constant(""),
    )
    .chain((start) => textOf(kind, "body").map((text) => start + text));

/** A file part: a name files use (or any of the kind's), a file name and contents of the kind. */
const fileOf = (kind: Kind) =>
  fc.record({
    name: fc.oneof(
      fc.constantFrom("image", "file", "captions", "video"),
      fc.constantFrom(...fieldNames).chain((name) => nameOf(kind, name)),
    ),
    filename: fc.oneof(fc.constantFrom("a.png", "quiz.gift", "c.vtt", "../../x", ""), textOf(kind, "head")),
    type: fc.constantFrom("image/png", "text/plain", "text/vtt", "application/octet-stream"),
    content: fileContentOf(kind),
  });

const headerNames = [
  "Accept",
  "Accept-Language",
  "Accept-Encoding",
  "Content-Type",
  "User-Agent",
  "Referer",
  "Origin",
  "Host",
  "If-None-Match",
  "If-Modified-Since",
  "Range",
  "X-Request-Id",
  "X-Forwarded-For",
  "X-Forwarded-Host",
  "X-Forwarded-Proto",
  "Sec-Fetch-Site",
];
/** A header's value as a client writes bytes (Latin-1, a surrogate half as its loose UTF-8 bytes); CR and LF would end the header. */
const headerValueOf = (kind: Kind) =>
  textOf(kind, "head").map((text) =>
    looseUtf8(text)
      .toString("latin1")
      .replace(/[\r\n]/g, " "),
  );
export const cookieNames = ["sid", "feedback_author", "signin_state", "registered", "_interaction", "_session", "__Host-sid"];

export type Place = "path" | "query" | "header" | "cookie" | "form" | "multipart" | "json";
export const places: Place[] = ["path", "query", "header", "cookie", "form", "multipart", "json"];

export interface HostileRequest {
  method: string;
  /** Percent-encoded path and query. */
  target: string;
  headers: Array<[string, string]>;
  body?: Uint8Array;
}

const urlEncoded = (pairs: Array<[string, string]>) =>
  pairs.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join("&");

interface FilePart {
  name: string;
  filename: string;
  type: string;
  content: string;
}

function multipartBody(fields: Array<[string, string]>, files: FilePart[]) {
  const boundary = "hostile-boundary-7f3a";
  // Quotes and line ends in names are escaped as browsers escape them.
  const quoted = (text: string) => looseUtf8(text.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A"));
  const parts = [
    ...fields.map(([name, value]) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
        quoted(name),
        Buffer.from('"\r\n\r\n'),
        looseUtf8(value),
        Buffer.from("\r\n"),
      ]),
    ),
    ...files.map((file) =>
      Buffer.concat([
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="`),
        quoted(file.name),
        Buffer.from('"; filename="'),
        quoted(file.filename),
        Buffer.from(`"\r\nContent-Type: ${file.type}\r\n\r\n`),
        looseUtf8(file.content),
        Buffer.from("\r\n"),
      ]),
    ),
    Buffer.from(`--${boundary}--\r\n`),
  ];
  return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
}

const formType: [string, string] = ["Content-Type", "application/x-www-form-urlencoded"];

/**
 * Requests to one route pattern with values of `kind` in `place`; `good` gives each parameter a
 * value that names a record (a course's slug), so that the rest of the request is read too. A
 * request with hostile headers is a GET or a POST.
 */
export function hostileRequests(pattern: string, place: Place, kind: Kind, good: (param: string) => string): fc.Arbitrary<HostileRequest> {
  const slots = [...pattern.matchAll(/:(\w+)|\*/g)].length;
  const goodPath = pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => good(name ?? "*"));
  const method = fc.constantFrom("GET", "POST");
  switch (place) {
    case "path":
      // One parameter hostile, the others naming records, so that the hostile one is looked up;
      // a segment more where the pattern has none.
      return fc.record({ value: textOf(kind, "head"), slot: fc.nat(Math.max(slots - 1, 0)) }).map(({ value, slot }) => {
        let index = 0;
        const target = slots
          ? pattern.replace(/:(\w+)|\*/g, (_, name: string | undefined) => (index++ === slot ? percentEncode(value) : good(name ?? "*")))
          : `${pattern.replace(/\/$/, "")}/${percentEncode(value)}`;
        return { method: "GET", target, headers: [] };
      });
    case "query":
      // Read by loaders: a GET (a POST would meet the 405 of a route without an action first).
      return fieldsOf(kind, "head").map((fields) => ({ method: "GET", target: `${goodPath}?${urlEncoded(fields)}`, headers: [] }));
    case "header":
      return fc
        .record({
          headers: fc.array(fc.tuple(fc.constantFrom(...headerNames), headerValueOf(kind)), { minLength: 1, maxLength: 3 }),
          method,
        })
        .map(({ headers, method }) => ({ method, target: goodPath, headers, body: method === "POST" ? Buffer.from("name=x") : undefined }));
    case "cookie":
      return fc
        .array(fc.tuple(fc.oneof(fc.constantFrom(...cookieNames), textOf(kind, "head").map(percentEncode)), textOf(kind, "head")), {
          minLength: 1,
          maxLength: 2,
        })
        .map((cookies) => ({
          method: "GET",
          target: goodPath,
          headers: [["Cookie", cookies.map(([name, value]) => `${name}=${percentEncode(value)}`).join("; ")]],
        }));
    case "form":
      return fieldsOf(kind, "body").map((fields) => ({
        method: "POST",
        target: goodPath,
        headers: [formType],
        body: Buffer.from(urlEncoded(fields)),
      }));
    case "multipart":
      return fc
        .record({ fields: fieldsOf(kind, "body"), files: fc.array(fileOf(kind), { minLength: 1, maxLength: 2 }) })
        .map(({ fields, files }) => {
          const { body, type } = multipartBody(fields, files);
          return { method: "POST", target: goodPath, headers: [["Content-Type", type]], body };
        });
    case "json":
      return fc
        .oneof(
          // Every name our forms use, each with a value of the kind (a few, when oversized).
          {
            weight: 5,
            arbitrary:
              kind === "oversized"
                ? fc.dictionary(fc.constantFrom(...fieldNames), jsonValueOf(kind), { minKeys: 1, maxKeys: 5 })
                : fc.tuple(...fieldNames.map((name) => jsonValueOf(kind).map((value) => [name, value] as const))).map(Object.fromEntries),
          },
          { weight: 1, arbitrary: jsonValueOf(kind) },
        )
        .map((value) => ({
          method: "POST",
          target: goodPath,
          headers: [["Content-Type", "application/json"]],
          // JSON.stringify writes a lone surrogate half as \uD800, which JSON.parse gives back as it was.
          body: Buffer.from(JSON.stringify(value) ?? "null"),
        }));
  }
}

/**
 * The paths answered outside React Router (server/middleware/index.ts): health checks, media files, the built-in
 * provider and the lesson video uploads. Each is fuzzed like a route.
 */
export const pathsOutsideRoutes = [
  "/healthz",
  "/readyz",
  "/media/*",
  "/idp/auth",
  "/idp/token",
  "/idp/me",
  "/idp/jwks",
  "/idp/session/end",
  "/idp/interaction/:uid",
  "/idp/.well-known/openid-configuration",
  "/staff/uploads",
  "/staff/uploads/:upload",
  "/staff/uploads/form",
];

const tusHeaderNames = ["Tus-Resumable", "Upload-Length", "Upload-Offset", "Upload-Metadata", "Upload-Defer-Length", "Content-Type"];

/**
 * Requests of the resumable upload protocol (tus: POST to start, HEAD, PATCH, DELETE an upload)
 * with values of `kind` in its headers, its upload's address or a piece's bytes.
 */
export function hostileUploadRequests(kind: Kind, upload: string): fc.Arbitrary<HostileRequest> {
  const resumable: [string, string] = ["Tus-Resumable", "1.0.0"];
  const tusHeaders = fc.array(fc.tuple(fc.constantFrom(...tusHeaderNames), headerValueOf(kind)), { minLength: 1, maxLength: 4 });
  return fc.oneof(
    tusHeaders.map((headers) => ({ method: "POST", target: "/staff/uploads", headers: [resumable, ...headers] })),
    // Metadata values are base64: decoded, they may hold anything. The lesson is the one looked up.
    textOf(kind, "head").map((value): HostileRequest => ({
      method: "POST",
      target: "/staff/uploads",
      headers: [resumable, ["Upload-Length", "1000"], ["Upload-Metadata", `lesson ${looseUtf8(value).toString("base64")}`]],
    })),
    fc
      .record({
        method: fc.constantFrom("HEAD", "PATCH", "DELETE"),
        headers: tusHeaders,
        id: fc.oneof(fc.constant(upload), textOf(kind, "head")),
      })
      .map(({ method, headers, id }) => ({
        method,
        target: `/staff/uploads/${percentEncode(id)}`,
        headers: [resumable, ...headers],
        body: method === "PATCH" ? Buffer.from("piece") : undefined,
      })),
    fileContentOf(kind).map((content): HostileRequest => ({
      method: "PATCH",
      target: `/staff/uploads/${upload}`,
      headers: [resumable, ["Upload-Offset", "0"], ["Content-Type", "application/offset+octet-stream"]],
      body: looseUtf8(content),
    })),
  );
}

/** The request's head as written on the wire, with the headers every request of a test carries. */
export function wireHead(request: HostileRequest, host: string, common: Array<[string, string]>): string {
  const headers = [...common, ...request.headers];
  if (!headers.some(([name]) => name.toLowerCase() === "host")) headers.unshift(["Host", host]);
  // The test's cookies and the request's in one header, as browsers send them.
  const cookies = headers.filter(([name]) => name === "Cookie").map(([, value]) => value);
  const rest = headers.filter(([name]) => name !== "Cookie");
  if (cookies.length) rest.push(["Cookie", cookies.join("; ")]);
  const length: Array<[string, string]> = request.body ? [["Content-Length", String(request.body.length)]] : [];
  const lines = [...rest, ...length, ["Connection", "close"]].map(([name, value]) => `${name}: ${value}`);
  return `${request.method} ${request.target} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n`;
}
