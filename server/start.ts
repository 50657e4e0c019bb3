// The server's entry. `npm start` runs it built (build/server/index.js: the build bundles it with the
// app, so one copy of every module runs and no TypeScript is compiled at start-up; decision 0071);
// `npm run dev` runs it from source with tsx and --dev. NODE_ENV must be set before React and React
// Router are first imported, or development and production builds of React get mixed.
import path from "node:path";

const dev = process.argv.includes("--dev");
process.env.NODE_ENV ??= dev ? "development" : "production";
// The built entry lies in <build>/server/: its static files are in <build>/client.
if (!dev) process.env.BUILD_DIR = path.resolve(import.meta.dirname, "..");
await import("./main");
export {};
