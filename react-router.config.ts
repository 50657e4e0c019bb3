import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The server build has two entries (vite.config.ts): our server as index.js, and React Router's
  // server build as server-build.js.
  serverBuildFile: "[name].js",
  // The whole route manifest ships as one cached script; no per-page partial manifest or /__manifest requests.
  routeDiscovery: { mode: "initial" },
  future: { v8_middleware: true },
} satisfies Config;
