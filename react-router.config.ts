import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // The whole route manifest ships as one cached script; no per-page partial manifest or /__manifest requests.
  routeDiscovery: { mode: "initial" },
  future: { v8_middleware: true },
} satisfies Config;
