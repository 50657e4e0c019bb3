import { access, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import type * as S3 from "@aws-sdk/client-s3";
import { env, type Env } from "./env.server";

/** Where uploaded and generated files live: a local folder by default, S3-compatible storage when S3_BUCKET is set. */
export interface FileStorage {
  read(key: string): Promise<Buffer | null>;
  write(key: string, body: Buffer): Promise<void>;
  exists(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
}

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
