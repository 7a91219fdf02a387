/** The encodings we store copies in, best first: brotli, then gzip. */
export const storedEncodings = ["br", "gzip"] as const;
export type StoredEncoding = (typeof storedEncodings)[number];

/** Whether the Accept-Encoding header takes this encoding (a q of 0 refuses it). */
function acceptsEncoding(header: string, encoding: string): boolean {
  return header.split(",").some((part) => {
    const [token, ...params] = part.trim().toLowerCase().split(";");
    if (token !== encoding && token !== "*") return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    return !q || Number(q.slice(2)) > 0;
  });
}

/** The best stored encoding the client takes, of those available; undefined: send the bytes as they are. */
export function chooseEncoding(header: string | undefined, available: (encoding: StoredEncoding) => boolean): StoredEncoding | undefined {
  return storedEncodings.find((encoding) => available(encoding) && acceptsEncoding(header ?? "", encoding));
}
