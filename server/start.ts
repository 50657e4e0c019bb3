// Entry point: `node --import tsx server/start.ts [--dev]`. NODE_ENV must be set before React and
// React Router are first imported, or development and production builds of React get mixed.
process.env.NODE_ENV ??= process.argv.includes("--dev") ? "development" : "production";
// tsx turns Node's source maps on, and gives every module it touches a map: the build too (its
// dynamic imports are rewritten), though the build has no map of its own. Node then keeps each
// map's text, and the first stack trace decodes the build's into arrays kept for the process's
// life: 70 MB of a server's 190 MB heap (docs/decisions/0071a-server-memory.md). In
// production a stack trace names the build's lines, as it would without tsx.
if (process.env.NODE_ENV === "production") process.setSourceMapsEnabled(false);
await import("./main");
export {};
