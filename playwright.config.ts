import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import {
  CHROMIUM_LAUNCH_OPTIONS,
  COUNTRY_HEADER,
  E2E_BASE_URL,
  E2E_DATABASE_URL,
  E2E_PORT,
  E2E_SECOND_BASE_URL,
  E2E_SECOND_PORT,
  BUILT_SERVER,
} from "./tests/e2e/constants";
import { pushServiceCertificate } from "./tests/fixtures/push-service";

const PORT = E2E_PORT;
const baseURL = E2E_BASE_URL;
const dataDir = path.join(os.tmpdir(), `hartklop-e2e-${PORT}`);
/** Both servers sign and accept the same login cookies (cookies go to every port of a host). */
const SESSION_SECRET = "e2e-only-session-secret-for-both-servers-0123456789";

/** What both servers share: the data folder (photos, mail outbox), the secret. */
const sharedEnv = {
  HOST: "127.0.0.1",
  DATA_DIR: dataDir,
  SESSION_SECRET,
  GEOIP_HEADER: COUNTRY_HEADER,
  // Tests pose as visitors from different addresses (X-Forwarded-For), as behind a real proxy.
  TRUST_PROXY: "1",
  LOG_LEVEL: "warn",
  // The servers push to the tests' push-service stand-in (tests/fixtures/push-service.ts) over HTTPS.
  NODE_EXTRA_CA_CERTS: pushServiceCertificate(path.join(os.tmpdir(), `hartklop-e2e-${PORT}-push`)).certFile,
};

// The built production server on its own fresh embedded database with a smaller demo member base,
// and a second instance of it on the same database (live chat across app servers). Playwright
// starts the web servers one after the other, each once its URL answers, and stops them in reverse.
export default defineConfig({
  testDir: "tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "test-results",
  reporter: process.env.CI ? "list" : "line",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // Two app servers and two browsers share two cores: a busy moment can outlast the 5 s default of
  // an expectation, and on a slow machine a flow with several logins (Argon2 hashes) 30 s per test.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    browserName: "chromium",
    // No CSS transitions (Bootstrap honours the setting): axe must not catch a button mid-fade.
    reducedMotion: "reduce",
    launchOptions: CHROMIUM_LAUNCH_OPTIONS,
  },
  projects: [
    { name: "js", use: { javaScriptEnabled: true } },
    {
      name: "no-js",
      use: { javaScriptEnabled: false },
      grepInvert: /@http/,
      // axe runs as a script in the page; the js project checks the same server-rendered pages.
      testIgnore: /a11y\.spec\.ts$/,
    },
  ],
  webServer: [
    {
      name: "app-1",
      command: `rm -rf ${dataDir} && mkdir -p ${dataDir} && chmod 755 ${dataDir} && node ${BUILT_SERVER}`,
      url: `${baseURL}/healthz`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...sharedEnv,
        PORT: String(PORT),
        EMBEDDED_PG_PORT: String(PORT + 1000),
        PUBLIC_URL: baseURL,
        SEED_MEMBERS: "200",
        // A test server: the production build takes pushes to the tests' push service on 127.0.0.1.
        STANDINS: "true",
      },
    },
    {
      // Started once app-1 is healthy: its database is migrated and seeded by then, so this one's
      // `migrate deploy` finds nothing to do. With DATABASE_URL no embedded PostgreSQL starts, and
      // with DEMO_DATA=false it neither seeds nor draws photos in the shared DATA_DIR.
      name: "app-2",
      command: `node ${BUILT_SERVER}`,
      url: `${E2E_SECOND_BASE_URL}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: "ignore",
      stderr: "pipe",
      env: {
        ...sharedEnv,
        PORT: String(E2E_SECOND_PORT),
        DATABASE_URL: E2E_DATABASE_URL,
        PUBLIC_URL: E2E_SECOND_BASE_URL,
        DEMO_DATA: "false",
        // A test deployment on a shared database: the stand-ins (outbox, Mollie simulator) run.
        STANDINS: "true",
      },
    },
  ],
});
