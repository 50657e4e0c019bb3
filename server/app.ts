import { randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type RequestHandler } from "express";
import pg from "pg";
import type { ServerBuild } from "react-router";
import { CLIENT_IP_HEADER } from "../app/lib/client-ip.server";
import { DATA_REQUEST_HEADER } from "../app/lib/data-request.server";
import type { TrustProxy } from "../app/lib/env.server";
import type { Logger } from "../app/lib/logger.server";

const REQUEST_ID = /^[\w-]{8,64}$/;

/** Request id (kept from a trusted proxy when well-formed) on the request, the response and the log line. */
function requestLogging(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const incoming = req.get("X-Request-Id");
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    req.headers["x-request-id"] = requestId;
    req.headers[CLIENT_IP_HEADER.toLowerCase()] = req.ip ?? "unknown";
    // React Router's own data requests: their path no longer ends in `.data` when the app sees them.
    req.headers[DATA_REQUEST_HEADER.toLowerCase()] = req.path.endsWith(".data") ? "1" : "0";
    res.setHeader("X-Request-Id", requestId);
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      if (req.path.startsWith("/assets/")) return;
      logger.info("request", {
        requestId,
        method: req.method,
        path: req.path,
        status: res.statusCode,
        ms: Number((process.hrtime.bigint() - started) / 1000n) / 1000,
      });
    });
    next();
  };
}

/**
 * Headers every response gets; the CSP with its nonce is added by the app for HTML pages. Where the
 * public address (PUBLIC_URL) is https, Strict-Transport-Security too: a year, subdomains included
 * (every host of the site is served over https), so a browser never asks over plain http again.
 */
function baseSecurityHeaders(publicUrl: string | undefined): RequestHandler {
  const https = publicUrl?.startsWith("https:") ?? false;
  return (_req, res, next) => {
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self), payment=()");
    next();
  };
}

/**
 * The service worker (public/sw.js) and its offline page: always checked for a newer version (a
 * fix must reach every member), the worker allowed to control the whole site.
 */
function serviceWorkerHeaders(res: express.Response, file: string) {
  const name = path.basename(file);
  if (name !== "sw.js" && name !== "offline.html") return;
  res.setHeader("Cache-Control", "no-cache");
  if (name === "sw.js") res.setHeader("Service-Worker-Allowed", "/");
}

/** GET /healthz: 200 when the database answers within 2 s, else 503. */
function healthCheck(databaseUrl: string): RequestHandler {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2, connectionTimeoutMillis: 2000 });
  pool.on("error", () => {});
  return async (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    try {
      await pool.query({ text: "SELECT 1", query_timeout: 2000 } as pg.QueryConfig);
      res.status(200).json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable", database: "unreachable" });
    }
  };
}

/**
 * Runs `handler` only for paths under one of the build's top-level files and folders: every page
 * request would otherwise cost a file-system look-up first.
 */
function onlyUnder(entries: string[], handler: RequestHandler): RequestHandler {
  const names = new Set(entries);
  return (req, res, next) => {
    const first = req.path.split("/", 2)[1] ?? "";
    if (names.has(first)) handler(req, res, next);
    else next();
  };
}

/** The id prefix of the stand-ins' routes in app/routes.ts (their pages, app/stand-ins/routes). */
const STAND_IN_ROUTE_PREFIX = "stand-ins/";

/**
 * The build as served: where stand-ins may not run, without the stand-ins' routes, so their paths
 * answer the site's 404 page as any unknown path does.
 */
export function servedBuild(build: ServerBuild, standIns: boolean): ServerBuild {
  if (standIns) return build;
  const routes = Object.fromEntries(
    Object.entries(build.routes).filter(([id]) => !id.startsWith(STAND_IN_ROUTE_PREFIX)),
  );
  return { ...build, routes };
}

export function createApp({
  build,
  buildDir,
  databaseUrl,
  logger,
  trustProxy,
  publicUrl,
  standIns,
  viteMiddleware,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  buildDir: string;
  databaseUrl: string;
  logger: Logger;
  /** TRUST_PROXY as parsed: the number of proxies in front, or their addresses and networks. */
  trustProxy: TrustProxy;
  /** PUBLIC_URL: an https one turns on Strict-Transport-Security. */
  publicUrl?: string;
  /** Whether the stand-ins may run (standInsAllowed): only then are their routes served. */
  standIns: boolean;
  viteMiddleware?: RequestHandler;
}) {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", trustProxy);
  app.use(requestLogging(logger));
  app.use(baseSecurityHeaders(publicUrl));
  // Server-Sent Events must reach the browser at once: never compressed (compression buffers).
  const notEventStream: compression.CompressionFilter = (req, res) =>
    !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") &&
    compression.filter(req, res);
  app.use(compression({ filter: notEventStream }));
  app.get("/healthz", healthCheck(databaseUrl));
  if (viteMiddleware) {
    app.use(viteMiddleware);
  } else {
    const client = path.join(buildDir, "client");
    app.use("/assets", express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(
      onlyUnder(
        existsSync(client) ? readdirSync(client) : [],
        express.static(client, { maxAge: "1h", index: false, setHeaders: serviceWorkerHeaders }),
      ),
    );
  }
  const served =
    typeof build === "function"
      ? async () => servedBuild(await build(), standIns)
      : servedBuild(build, standIns);
  app.use(createRequestHandler({ build: served }));
  return app;
}
