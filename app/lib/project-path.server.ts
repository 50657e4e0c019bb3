import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file or folder of the checkout (`locales/nl`, `scripts/migrate.mjs`), found in the nearest
 * folder above this module that has it: the same path as source (app/lib), under Vitest, and in the
 * server build (build/server/assets), whose modules read files of the checkout at run time.
 */
export function projectPath(relative: string): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  for (let dir = here; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (dir === path.dirname(dir)) throw new Error(`No ${relative} above ${here}`);
  }
}
