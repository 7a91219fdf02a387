/**
 * Library exports name languages three ways: ISO 639-1 ("en"), the ISO 639-2 codes MARC uses
 * ("eng", and the bibliographic forms like "fre" and "ger"), or in words ("English"). The site
 * filters by ISO 639-1, so the common ones are mapped to it; any other two- or three-letter code
 * is kept as it is.
 */
const languages: ReadonlyArray<readonly [iso6391: string, ...otherNames: string[]]> = [
  ["en", "eng", "english"],
  ["ta", "tam", "tamil"],
  ["hi", "hin", "hindi"],
  ["te", "tel", "telugu"],
  ["ml", "mal", "malayalam"],
  ["kn", "kan", "kannada"],
  ["bn", "ben", "bengali", "bangla"],
  ["mr", "mar", "marathi"],
  ["gu", "guj", "gujarati"],
  ["pa", "pan", "punjabi"],
  ["ur", "urd", "urdu"],
  ["sa", "san", "sanskrit"],
  ["fr", "fre", "fra", "french"],
  ["de", "ger", "deu", "german"],
  ["es", "spa", "spanish"],
  ["it", "ita", "italian"],
  ["pt", "por", "portuguese"],
  ["nl", "dut", "nld", "dutch"],
  ["ru", "rus", "russian"],
  ["zh", "chi", "zho", "chinese"],
  ["ja", "jpn", "japanese"],
  ["ar", "ara", "arabic"],
  ["el", "gre", "ell", "greek"],
  ["la", "lat", "latin"],
  ["fi", "fin", "finnish"],
  ["sv", "swe", "swedish"],
  ["da", "dan", "danish"],
  ["no", "nor", "norwegian"],
  ["pl", "pol", "polish"],
];

const toIso6391 = new Map(languages.flatMap(([code, ...others]) => [code, ...others].map((name) => [name, code] as const)));

/**
 * The ISO 639-1 code of a language code or English name; other codes unchanged (lower case);
 * undefined for blanks and MARC's "no particular language" codes (und, mul, zxx, |||).
 */
export function languageCode(raw: string | undefined): string | undefined {
  const value = raw?.trim().toLowerCase();
  if (!value || ["und", "mul", "zxx", "|||", "###"].includes(value)) return undefined;
  return toIso6391.get(value) ?? value;
}
