import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { BUILT_SERVER } from "./constants";

/** Starts the built server as its own process with a fresh embedded database and no demo members. */
function startServer(env: Record<string, string>, nodeOptions: string[] = []) {
  const child = spawn(process.execPath, [...nodeOptions, BUILT_SERVER], {
    env: { ...process.env, LOG_LEVEL: "info", DEMO_DATA: "false", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

test.describe("@http server process", () => {
  test.describe.configure({ mode: "serial" });

  test("stops start-up with a message naming a bad variable", async () => {
    const server = startServer({ PORT: "eighty" });
    expect(await server.exited).toBe(1);
    expect(server.output()).toMatch(/Invalid environment configuration:\s+PORT:/);
  });

  test("stops the embedded database again when start-up fails after opening it (a port in use)", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-failed-start-"));
    await chmod(dataDir, 0o755);
    const port = 3340 + (process.pid % 50);
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(port, "127.0.0.1", resolve));
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 1000),
    };
    const failed = startServer(env);
    try {
      expect(await failed.exited).toBe(1);
      expect(failed.output()).toContain('"msg":"start-up failed"');
      expect(failed.output()).toContain("EADDRINUSE");
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
    } finally {
      failed.child.kill("SIGKILL");
      await new Promise((resolve) => taken.close(resolve));
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("a crash stops the embedded database, so a restart finds its data folder free", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-crash-"));
    await chmod(dataDir, 0o755);
    const port = 3390 + (process.pid % 50);
    const env = {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 1000),
    };
    // An error nothing catches, thrown inside the running server when it gets SIGUSR2.
    const crashOnSignal = `--import=data:text/javascript,process.on("SIGUSR2", () => { throw new Error("test crash"); });`;
    const healthy = (at: number) =>
      expect
        .poll(async () => (await fetch(`http://127.0.0.1:${at}/healthz`).catch(() => null))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
    const crashing = startServer(env, [crashOnSignal]);
    let restarted: ReturnType<typeof startServer> | undefined;
    try {
      await healthy(port);
      crashing.child.kill("SIGUSR2");
      expect(await crashing.exited).toBe(1);
      expect(crashing.output()).toContain('"msg":"crashed"');
      expect(crashing.output()).toContain("test crash");
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
      restarted = startServer(env);
      await healthy(port);
    } finally {
      crashing.child.kill("SIGKILL");
      restarted?.child.kill("SIGTERM");
      await restarted?.exited;
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test("shuts down gracefully on SIGTERM, stopping the embedded database", async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), "hartklop-shutdown-"));
    await chmod(dataDir, 0o755);
    const port = 3290 + (process.pid % 50);
    const server = startServer({
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(port + 1000),
    });
    try {
      await expect
        .poll(async () => (await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null))?.status, {
          timeout: 60_000,
        })
        .toBe(200);
      // A request still in flight when SIGTERM arrives is answered before the server stops.
      const inFlight = fetch(`http://127.0.0.1:${port}/`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(true);
      server.child.kill("SIGTERM");
      expect((await inFlight).status).toBe(200);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('"msg":"stopped"');
      expect(existsSync(path.join(dataDir, "pg", "postmaster.pid"))).toBe(false);
      expect(server.output()).not.toContain('"level":"error"');
    } finally {
      server.child.kill("SIGKILL");
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
