import { access, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { env } from "./env.server";

/** Where uploaded and generated files live. Local folder now; S3-compatible storage joins with photo uploads. */
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

let storage: FileStorage | undefined;
export function fileStorage(): FileStorage {
  storage ??= localStorage(path.join(env().DATA_DIR, "uploads"));
  return storage;
}
