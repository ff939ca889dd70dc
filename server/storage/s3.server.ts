import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { Config } from "~/server/config.server";
import { type StorageDriver, StorageNotFoundError, type StoredObject } from "./storage.server";

export type S3Options = {
  bucket: string;
  region: string;
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** MinIO and most self-hosted servers need path-style URLs (endpoint/bucket/key). */
  forcePathStyle?: boolean;
};

const KEY_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]*(\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;

function isNotFound(error: unknown) {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === "NoSuchKey" ||
    error.name === "NotFound" ||
    error.$metadata.httpStatusCode === 404
  );
}

/**
 * Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO). Every app process sees the
 * same files, so any process can serve any request.
 */
export class S3StorageDriver implements StorageDriver {
  readonly name = "s3" as const;
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(options: S3Options) {
    this.bucket = options.bucket;
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
      // R2, MinIO and older S3-compatible servers reject the newer default checksum headers.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  private checkKey(key: string) {
    if (!KEY_PATTERN.test(key) || key.split("/").some((p) => p === "." || p === "..")) {
      throw new Error(`Invalid storage key: ${key}`);
    }
  }

  async put(key: string, body: Readable, options: { contentType: string }) {
    this.checkKey(key);
    // A PUT needs its length up front. The body is spooled to a temporary file first, so memory
    // stays flat and a body that fails half-way is never sent: the bucket gets all or nothing.
    const temp = path.join(os.tmpdir(), `passage-s3-${crypto.randomBytes(8).toString("hex")}`);
    try {
      await pipeline(body, fs.createWriteStream(temp, { flags: "wx" }));
      const { size } = await fs.promises.stat(temp);
      await this.client.send(
        new PutObjectCommand({
          Bucket: this.bucket,
          Key: key,
          Body: fs.createReadStream(temp),
          ContentLength: size,
          ContentType: options.contentType,
        }),
      );
      return { size };
    } finally {
      await fs.promises.rm(temp, { force: true });
    }
  }

  async get(key: string) {
    this.checkKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) throw new StorageNotFoundError(key);
      return {
        body: out.Body as Readable,
        size: Number(out.ContentLength ?? 0),
        contentType: out.ContentType ?? null,
      };
    } catch (error) {
      if (isNotFound(error)) throw new StorageNotFoundError(key);
      throw error;
    }
  }

  async delete(key: string) {
    this.checkKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  async exists(key: string) {
    this.checkKey(key);
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return true;
    } catch (error) {
      if (isNotFound(error)) return false;
      throw error;
    }
  }

  async *list(prefix: string): AsyncIterable<StoredObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: prefix, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key) yield { key: object.Key, modifiedAt: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/** The driver from S3_* settings; fails at start-up with a clear message when one is missing. */
export function createS3StorageFromConfig(s3: Config["s3"]): S3StorageDriver {
  if (!s3.bucket) throw new Error("STORAGE_DRIVER=s3 needs S3_BUCKET (and usually S3_ENDPOINT)");
  if (Boolean(s3.accessKeyId) !== Boolean(s3.secretAccessKey)) {
    throw new Error("Set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  }
  return new S3StorageDriver({ ...s3, bucket: s3.bucket });
}
