import { randomBytes } from "node:crypto";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type * as S3 from "@aws-sdk/client-s3";
import { env, type Env } from "./env.server";

/** Where uploaded and generated files live: a local folder by default, S3-compatible storage when S3_BUCKET is set. */
export interface FileStorage {
  read(key: string): Promise<Buffer | null>;
  write(key: string, body: Buffer): Promise<void>;
  /**
   * Writes the pieces as one file while they are made (a data archive), never holding the whole of
   * it; the file appears under `key` only once complete. Returns its size in bytes.
   */
  writeStream(key: string, pieces: AsyncIterable<Uint8Array>): Promise<number>;
  /** The file as a stream, with its size, for sending it on without reading it into memory. */
  readStream(key: string): Promise<{ body: ReadableStream<Uint8Array>; size: number } | null>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

/** S3's smallest part of a multipart upload (except the last): a streamed file goes up in these. */
const S3_PART_BYTES = 8 * 1024 * 1024;

export function localStorage(root: string): FileStorage {
  const resolve = (key: string) => {
    const full = path.resolve(root, key);
    if (!full.startsWith(path.resolve(root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  };
  return {
    async read(key) {
      try {
        return await readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async write(key, body) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      await writeFile(full, body);
    },
    async writeStream(key, pieces) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Written beside the file and renamed when complete: a reader never sees half an archive.
      const partial = `${full}.${randomBytes(6).toString("hex")}.partial`;
      let size = 0;
      const counted = async function* () {
        for await (const piece of pieces) {
          size += piece.byteLength;
          yield piece;
        }
      };
      try {
        await pipeline(Readable.from(counted()), createWriteStream(partial));
        await rename(partial, full);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return size;
    },
    async readStream(key) {
      const full = resolve(key);
      try {
        const { size } = await stat(full);
        return { body: Readable.toWeb(createReadStream(full)) as ReadableStream<Uint8Array>, size };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
    async exists(key) {
      try {
        await access(resolve(key));
        return true;
      } catch {
        return false;
      }
    },
  };
}

function isNotFound(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
}

/** An S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, …); keys are the same as on disk. */
function s3Storage(
  config: Pick<Env, "S3_BUCKET" | "S3_REGION" | "S3_ENDPOINT" | "S3_ACCESS_KEY_ID" | "S3_SECRET_ACCESS_KEY">,
): FileStorage {
  const Bucket = config.S3_BUCKET!;
  // The SDK loads on first use, so sites on local storage never load it.
  let loaded: Promise<{ sdk: typeof S3; client: S3.S3Client }> | undefined;
  const s3 = () => (loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({ sdk, client: newClient(sdk) })));
  const newClient = (sdk: typeof S3) =>
    new sdk.S3Client({
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      // Custom endpoints (MinIO and the like) usually need path-style addresses.
      forcePathStyle: !!config.S3_ENDPOINT,
      credentials:
        config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY
          ? { accessKeyId: config.S3_ACCESS_KEY_ID, secretAccessKey: config.S3_SECRET_ACCESS_KEY }
          : undefined,
    });
  return {
    async read(key) {
      try {
        const { sdk, client } = await s3();
        const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return Buffer.from(await result.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async write(key, body) {
      const { sdk, client } = await s3();
      await client.send(new sdk.PutObjectCommand({ Bucket, Key: key, Body: body }));
    },
    async writeStream(key, pieces) {
      const { sdk, client } = await s3();
      // A multipart upload, part by part as the pieces come: the object appears only when it is
      // completed, and an upload that fails is aborted so its parts are not kept (and billed).
      const { UploadId } = await client.send(new sdk.CreateMultipartUploadCommand({ Bucket, Key: key }));
      const parts: { ETag: string | undefined; PartNumber: number }[] = [];
      let size = 0;
      let buffered: Uint8Array[] = [];
      let bufferedBytes = 0;
      const sendPart = async () => {
        const PartNumber = parts.length + 1;
        const Body = Buffer.concat(buffered);
        buffered = [];
        bufferedBytes = 0;
        const { ETag } = await client.send(
          new sdk.UploadPartCommand({ Bucket, Key: key, UploadId, PartNumber, Body }),
        );
        parts.push({ ETag, PartNumber });
      };
      try {
        for await (const piece of pieces) {
          buffered.push(piece);
          bufferedBytes += piece.byteLength;
          size += piece.byteLength;
          if (bufferedBytes >= S3_PART_BYTES) await sendPart();
        }
        if (bufferedBytes > 0 || parts.length === 0) await sendPart();
        await client.send(
          new sdk.CompleteMultipartUploadCommand({
            Bucket,
            Key: key,
            UploadId,
            MultipartUpload: { Parts: parts },
          }),
        );
      } catch (error) {
        await client
          .send(new sdk.AbortMultipartUploadCommand({ Bucket, Key: key, UploadId }))
          .catch(() => {});
        throw error;
      }
      return size;
    },
    async readStream(key) {
      try {
        const { sdk, client } = await s3();
        const result = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        if (!result.Body) return null;
        return {
          body: result.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: result.ContentLength ?? 0,
        };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      const { sdk, client } = await s3();
      await client.send(new sdk.DeleteObjectCommand({ Bucket, Key: key }));
    },
    async exists(key) {
      try {
        const { sdk, client } = await s3();
        await client.send(new sdk.HeadObjectCommand({ Bucket, Key: key }));
        return true;
      } catch (error) {
        if (isNotFound(error)) return false;
        throw error;
      }
    },
  };
}

let storage: FileStorage | undefined;
export function fileStorage(): FileStorage {
  const config = env();
  storage ??= config.S3_BUCKET ? s3Storage(config) : localStorage(path.join(config.DATA_DIR, "uploads"));
  return storage;
}
