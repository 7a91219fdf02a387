// The part of marcjs (CommonJS, untyped) the ISO 2709 reader uses.
declare module "marcjs" {
  interface MarcjsRecord {
    leader: string;
    /** [tag, value] for control fields; [tag, indicators, code, value, code, value, …] for data fields. */
    fields: string[][];
  }
  const marcjs: {
    Iso2709Parser: { parse(raw: Buffer): MarcjsRecord };
  };
  export default marcjs;
}
