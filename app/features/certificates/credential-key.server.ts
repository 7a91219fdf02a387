import { createPrivateKey, generateKeyPairSync } from "node:crypto";
import * as Ed25519Multikey from "@digitalbazaar/ed25519-multikey";
import type { Kysely } from "kysely";
import type { Config } from "#app/lib/config/env.server.ts";
import { getOrCreateSecret } from "#app/lib/config/secrets.server.ts";
import type { Database } from "#app/lib/db/schema.ts";

/** The college as the signer of its certificates' Open Badges. */
export interface CredentialIssuer {
  /** did:key of the public key: whoever holds a credential can check its signature without asking the site. */
  did: string;
  /** The key as a proof names it: the DID and, after #, the key again (the did:key method's rule). */
  verificationMethod: string;
  signer: ReturnType<Ed25519Multikey.Ed25519KeyPair["signer"]>;
}

const newSigningKey = () => generateKeyPairSync("ed25519").privateKey.export({ type: "pkcs8", format: "pem" }).toString();

async function issuerFrom(pem: string): Promise<CredentialIssuer> {
  const jwk = createPrivateKey(pem).export({ format: "jwk" });
  const keyPair = await Ed25519Multikey.fromJwk({ jwk, secretKey: true });
  const did = `did:key:${keyPair.publicKeyMultibase}`;
  keyPair.id = `${did}#${keyPair.publicKeyMultibase}`;
  keyPair.controller = did;
  return { did, verificationMethod: keyPair.id, signer: keyPair.signer() };
}

let issuer: Promise<CredentialIssuer> | undefined;

/**
 * The key in CREDENTIAL_SIGNING_KEY, else one made once and kept in the database, so that every
 * instance and every restart signs with the same key (and the published one stays true).
 */
export function credentialIssuer(db: Kysely<Database>, config: Pick<Config, "CREDENTIAL_SIGNING_KEY">): Promise<CredentialIssuer> {
  if (!issuer) {
    issuer = (async () =>
      issuerFrom(config.CREDENTIAL_SIGNING_KEY ?? (await getOrCreateSecret(db, "credentials.signing-key", newSigningKey))))();
    // A failed read (the database away for a moment) is tried again on the next request.
    issuer.catch(() => (issuer = undefined));
  }
  return issuer;
}
