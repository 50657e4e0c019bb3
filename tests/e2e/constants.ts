/** The built server the tests start (`npm start` runs it too): BUILD_DIR's, or build's. */
export const BUILT_SERVER = `${process.env.BUILD_DIR ?? "build"}/server/index.js`;

/** The e2e server trusts this header as the visitor's country (GEOIP_HEADER). */
export const COUNTRY_HEADER = "X-Test-Country";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** The e2e server's embedded PostgreSQL (see playwright.config.ts). */
export const E2E_DATABASE_URL = `postgresql://postgres:postgres@127.0.0.1:${E2E_PORT + 1000}/app`;

/** A second instance of the same build on the first one's database (several app servers, one database). */
export const E2E_SECOND_PORT = E2E_PORT + 1;
export const E2E_SECOND_BASE_URL = `http://127.0.0.1:${E2E_SECOND_PORT}`;

/**
 * Debian's Chromium as the end-to-end tests drive it (and `npm run screenshots`): headless, without
 * the background traffic a desktop browser makes.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
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
};
