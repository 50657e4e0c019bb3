// Module hooks (registered by server/start.ts in production) that load the build's own files as
// they are, past tsx: tsx rewrites every dynamic import of a JavaScript module and appends a source
// map of its edit, which for the 1.8 MB server bundle cost about 170 MB of resident memory (the
// rewrite's work in the hooks thread and the mapped text kept; docs/decisions/0071a-server-memory.md).
// The build is plain JavaScript already and imports no TypeScript. Plain JavaScript itself: it runs
// in Node's hooks thread before anything could compile TypeScript for it.
import { readFile } from "node:fs/promises";

/** The URL of the build folder, ending in "/". */
let buildUrl = "";

/** @param {{ buildUrl: string }} data */
export function initialize(data) {
  buildUrl = data.buildUrl;
}

/** @type {import("node:module").LoadHook} */
export async function load(url, context, nextLoad) {
  if (buildUrl && url.startsWith(buildUrl) && url.endsWith(".js"))
    return { format: "module", source: await readFile(new URL(url)), shortCircuit: true };
  return nextLoad(url, context);
}
