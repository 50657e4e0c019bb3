// `npm start` and the benchmarks build only when there is no build or a build input changed since:
// a rebuild takes about 16 s on a small machine, and running stale code would mislead. Plain
// JavaScript, so that the check costs node's start (0.1 s) rather than tsx's (1.2 s).
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

/** What the build reads: the sources, the translations, the static files and the build settings. */
export const BUILD_INPUTS = [
  "app",
  "locales",
  "public",
  "package-lock.json",
  // The server and the first start's seed are bundled with the app (decision 0071).
  "server",
  "prisma/seed",
  "react-router.config.ts",
  "tsconfig.json",
  "vite.config.ts",
];

/** The newest modification time of a file, or of the files under a folder (0 when it does not exist). */
/** @param {string} target */
export function newestChange(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(target, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce(
      (newest, entry) => Math.max(newest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs),
      0,
    );
}

/** Whether `buildDir` is missing or older than one of the inputs under `root`. */
/** @param {string} root @param {string} buildDir */
export function buildIsStale(root, buildDir) {
  const built = path.join(root, buildDir, "server", "index.js");
  if (!existsSync(built)) return true;
  const sources = Math.max(...BUILD_INPUTS.map((input) => newestChange(path.join(root, input))));
  return statSync(built).mtimeMs < sources;
}

export function ensureBuild(buildDir = process.env.BUILD_DIR ?? "build") {
  if (!buildIsStale(process.cwd(), buildDir)) return;
  console.log(`No up-to-date build in ${buildDir}/: building first…`);
  const build = spawnSync("npx", ["react-router", "build"], { stdio: "inherit", env: process.env });
  if (build.status !== 0) throw new Error("The build failed");
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) ensureBuild();
