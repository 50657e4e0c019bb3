import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

const PORT = E2E_PORT;
const baseURL = E2E_BASE_URL;
const dataDir = path.join(os.tmpdir(), `hartklop-e2e-${PORT}`);
import { COUNTRY_HEADER, E2E_BASE_URL, E2E_PORT } from "./tests/e2e/constants";

// The built production server on its own fresh embedded database with a smaller demo member base.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  reporter: process.env.CI ? "list" : "line",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  use: {
    baseURL,
    browserName: "chromium",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    { name: "no-js", use: { javaScriptEnabled: false }, grepInvert: /@http/ },
  ],
  webServer: {
    command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && chmod 755 ${dataDir} && node --import tsx server/start.ts`,
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(PORT + 1000),
      PUBLIC_URL: baseURL,
      GEOIP_HEADER: COUNTRY_HEADER,
      // Tests pose as visitors from different addresses (X-Forwarded-For), as behind a real proxy.
      TRUST_PROXY: "1",
      SEED_MEMBERS: "200",
      LOG_LEVEL: "warn",
    },
  },
});
