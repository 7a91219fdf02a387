import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";
import { Upload } from "@aws-sdk/lib-storage";
import { getSignedUrl } from "@aws-sdk/s3-request-presigner";
import type { Readable } from "node:stream";
import type { Config } from "../config/env.server.ts";
import { isMediaKey, type MediaStore } from "./media-store.server.ts";

export type S3Config = Pick<Config, "S3_ENDPOINT" | "S3_REGION" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY" | "S3_PUBLIC_URL"> & {
  S3_BUCKET: string;
};

/** How long a signed address of a private bucket's file works: long enough for a lesson watched with pauses. */
const signedForSeconds = 3 * 60 * 60;

/** The client settings of S3_*: with an endpoint of its own (MinIO, Ceph, R2…) paths name the bucket. */
export function s3ClientConfig(config: S3Config): S3ClientConfig {
  return {
    region: config.S3_REGION,
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT, forcePathStyle: true } : {}),
    ...(config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
      ? { credentials: { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY } }
      : {}),
    // Checksums only where S3 asks for them: S3-compatible services do not all take the newer ones.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  };
}

export interface S3Storage extends MediaStore {
  /** Whether the bucket holds the key; thrown on failure to ask. */
  has(key: string): Promise<boolean>;
  /** Where the browser fetches the file: under S3_PUBLIC_URL, or a signed address that works for a few hours. */
  browserAddress(key: string): Promise<string>;
  /** The file itself, for files the site sends on (captions, which a <track> takes from the page's own origin only). */
  read(key: string): Promise<{ body: Readable; contentType: string | undefined; length: number | undefined }>;
  /** The first bytes of a file. */
  head(key: string, bytes: number): Promise<Uint8Array>;
}

const checkedKey = (key: string) => {
  if (!isMediaKey(key)) throw new Error(`not a media key: ${key}`);
  return key;
};

/** Staff uploads in an S3-compatible bucket (S3_BUCKET and the rest of S3_*). */
export function s3Storage(config: S3Config): S3Storage {
  const client = new S3Client(s3ClientConfig(config));
  const Bucket = config.S3_BUCKET;
  return {
    async put(key, body, contentType) {
      // In parts of 8 MB, several at once: a recording of a few GB is no single request.
      await new Upload({
        client,
        params: { Bucket, Key: checkedKey(key), Body: body, ContentType: contentType },
        partSize: 8 * 1024 * 1024,
        queueSize: 4,
      }).done();
    },
    async remove(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkedKey(key) }));
    },
    async has(key) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
        return true;
      } catch (error) {
        const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
        if (status === 404 || status === 403) return false;
        throw error;
      }
    },
    browserAddress(key) {
      if (config.S3_PUBLIC_URL)
        return Promise.resolve(`${config.S3_PUBLIC_URL}/${checkedKey(key).split("/").map(encodeURIComponent).join("/")}`);
      return getSignedUrl(client, new GetObjectCommand({ Bucket, Key: checkedKey(key) }), { expiresIn: signedForSeconds });
    },
    async read(key) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
      return { body: object.Body as Readable, contentType: object.ContentType, length: object.ContentLength };
    },
    async head(key, bytes) {
      const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: `bytes=0-${bytes - 1}` }));
      return new Uint8Array(await object.Body!.transformToByteArray());
    },
  };
}
