// Entry point: `node --import tsx server/start.ts [--dev]`. NODE_ENV must be set before React and
// React Router are first imported, or development and production builds of React get mixed.
import { register } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
if (process.env.NODE_ENV === "production") {
  // tsx turns Node's source maps on and maps what it compiles; the build has no map of its own.
  // Node keeps every map's text, and the first stack trace decodes the maps it meets into arrays
  // kept for the process's life (70 MB of a server's 210 MB heap): in production a stack trace
  // names the build's lines, as it would without tsx (docs/decisions/0071a-server-memory.md).
  process.setSourceMapsEnabled(false);
  // The build's files load as they are, past tsx (see the hooks' file).
  const buildUrl = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build")).href + "/";
  register("./plain-build-hooks.mjs", import.meta.url, { data: { buildUrl } });
}
await import("./main");
