import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/** Without SESSION_SECRET (local runs only), a random secret kept in DATA_DIR so logins survive restarts. */
export async function localSessionSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "session-secret");
  try {
    return (await readFile(file, "utf8")).trim();
  } catch {
    const secret = randomBytes(32).toString("base64url");
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, secret, { mode: 0o600 });
    return secret;
  }
}
