import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import type { Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createLogger } from "~/lib/logger.server";
import { freePort } from "../setup/databases";

const noBuild = () => Promise.reject(new Error("no app build in this test"));

async function listen(databaseUrl: string, buildDir = "build", publicUrl?: string) {
  const app = createApp({
    build: noBuild,
    buildDir,
    databaseUrl,
    logger: createLogger("silent"),
    trustProxy: 0,
    publicUrl,
    standIns: true,
  });
  const server = await new Promise<Server>((resolve) => {
    const s = app.listen(0, "127.0.0.1", () => resolve(s));
  });
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

describe("server", () => {
  let healthy: { server: Server; url: string };
  let broken: { server: Server; url: string };
  beforeAll(async () => {
    healthy = await listen(process.env.DATABASE_URL!);
    broken = await listen(`postgresql://postgres:postgres@127.0.0.1:${await freePort()}/app`);
  });
  afterAll(() => {
    healthy.server.close();
    broken.server.close();
  });

  it("answers /healthz with 200 when the database answers", async () => {
    const response = await fetch(`${healthy.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers /healthz with 503 when the database is unreachable", async () => {
    const response = await fetch(`${broken.url}/healthz`);
    expect(response.status).toBe(503);
  });

  it("puts security headers and a request id on every response", async () => {
    const response = await fetch(`${healthy.url}/healthz`);
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
    const kept = await fetch(`${healthy.url}/healthz`, { headers: { "X-Request-Id": "abcdef12-proxy" } });
    expect(kept.headers.get("x-request-id")).toBe("abcdef12-proxy");
    const replaced = await fetch(`${healthy.url}/healthz`, { headers: { "X-Request-Id": "<script>" } });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("tells browsers to use https only where the public address is https", async () => {
    expect((await fetch(`${healthy.url}/healthz`)).headers.get("strict-transport-security")).toBeNull();
    const local = await listen(process.env.DATABASE_URL!, "build", "http://127.0.0.1:4710");
    const public_ = await listen(process.env.DATABASE_URL!, "build", "https://hartklop.nl");
    try {
      const plain = await fetch(`${local.url}/healthz`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();
      // Every answer, the app's pages (here an error without a build) as well as the server's own.
      for (const path of ["/healthz", "/members"]) {
        const response = await fetch(`${public_.url}${path}`);
        expect(response.headers.get("strict-transport-security"), path).toBe(
          "max-age=31536000; includeSubDomains",
        );
      }
    } finally {
      local.server.close();
      public_.server.close();
    }
  });

  it("serves the build's public files, and hands every other path to the app", async () => {
    const buildDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-build-"));
    await mkdir(path.join(buildDir, "client", "gifts"), { recursive: true });
    await writeFile(path.join(buildDir, "client", "sw.js"), "// worker");
    await writeFile(path.join(buildDir, "client", "gifts", "rose.svg"), "<svg/>");
    const withFiles = await listen(process.env.DATABASE_URL!, buildDir);
    try {
      const worker = await fetch(`${withFiles.url}/sw.js`);
      expect(worker.status).toBe(200);
      expect(await worker.text()).toBe("// worker");
      expect(worker.headers.get("cache-control")).toBe("no-cache");
      expect(worker.headers.get("service-worker-allowed")).toBe("/");
      const gift = await fetch(`${withFiles.url}/gifts/rose.svg`);
      expect(gift.status).toBe(200);
      expect(gift.headers.get("cache-control")).toBe("public, max-age=3600");
      // Not a file of the build: the app answers (here without a build, so with an error).
      for (const page of ["/members", "/gifts/missing.svg", "/rose.svg"]) {
        const response = await fetch(`${withFiles.url}${page}`);
        expect(response.status, page).toBe(500);
      }
    } finally {
      withFiles.server.close();
    }
  });
});
