/**
 * Whether a request comes from a JSON client of the spec's feedback back end rather than a
 * browser: it sends JSON, or asks for JSON over HTML. React Router's own data requests
 * (`.data`) and browsers' Accept headers do not.
 */
export function isJsonClient(request: Request): boolean {
  if (new URL(request.url).pathname.endsWith(".data")) return false;
  if (request.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase() === "application/json") return true;
  const accept = request.headers.get("accept") ?? "";
  const quality = (type: string) => {
    for (const part of accept.split(",")) {
      const [name, ...params] = part.split(";").map((piece) => piece.trim().toLowerCase());
      if (name !== type) continue;
      const q = params.find((param) => param.startsWith("q="));
      return q ? Number(q.slice(2)) || 0 : 1;
    }
    return 0;
  };
  return quality("application/json") > 0 && quality("application/json") > quality("text/html");
}
