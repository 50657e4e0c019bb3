import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // Each page carries the manifest of its own routes; the routes its links lead to are asked for
  // (/__manifest) once the links are on screen, after hydration (docs/decisions/0071b-first-load-130-kb.md).
  routeDiscovery: { mode: "lazy" },
  future: { v8_middleware: true },
} satisfies Config;
