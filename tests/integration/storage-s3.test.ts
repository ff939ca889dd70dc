import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { S3StorageDriver } from "~/server/storage/s3.server";
import { StorageNotFoundError } from "~/server/storage/storage.server";

// A local S3-compatible server (s3rver) started by this file; the driver talks real S3 HTTP to it.
let server: S3rver;
let directory: string;
let driver: S3StorageDriver;

beforeAll(async () => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "passage-s3rver-"));
  server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: "passage-test" }],
  });
  const { port } = await server.run();
  driver = new S3StorageDriver({
    bucket: "passage-test",
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  });
});

afterAll(async () => {
  await server?.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

async function readAll(body: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString();
}

describe("S3 storage driver", () => {
  it("puts, reads, checks and deletes an object", async () => {
    const key = "documents/user-1/cv.pdf";
    const { size } = await driver.put(key, Readable.from([Buffer.from("%PDF-1.7 hello")]), {
      contentType: "application/pdf",
    });
    expect(size).toBe(14);
    expect(await driver.exists(key)).toBe(true);
    const got = await driver.get(key);
    expect(got.size).toBe(14);
    expect(got.contentType).toBe("application/pdf");
    expect(await readAll(got.body)).toBe("%PDF-1.7 hello");
    await driver.delete(key);
    expect(await driver.exists(key)).toBe(false);
  });

  it("reports a missing object as not found", async () => {
    await expect(driver.get("documents/nobody/missing.pdf")).rejects.toBeInstanceOf(
      StorageNotFoundError,
    );
    expect(await driver.exists("documents/nobody/missing.pdf")).toBe(false);
  });

  it("leaves no object behind when the upload fails half-way", async () => {
    const key = "documents/user-2/broken.pdf";
    const failing = new Readable({
      read() {
        this.push(Buffer.from("first half of the file"));
        this.destroy(new Error("connection dropped"));
      },
    });
    await expect(driver.put(key, failing, { contentType: "application/pdf" })).rejects.toThrow(
      "connection dropped",
    );
    expect(await driver.exists(key)).toBe(false);
  });

  it("refuses keys that try to leave their folder", async () => {
    await expect(
      driver.put("../etc/passwd", Readable.from(["x"]), { contentType: "text/plain" }),
    ).rejects.toThrow(/Invalid storage key/);
  });
});
