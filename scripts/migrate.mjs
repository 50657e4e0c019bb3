// Offline replacement for `prisma migrate dev|deploy|status`: the Prisma 7 CLI needs a native
// schema-engine binary downloaded from Prisma's own server, which we cannot rely on. This drives
// Prisma's official Wasm schema engine through the pg driver adapter instead.
// Usage: node scripts/migrate.mjs deploy | dev <name> | status   (DATABASE_URL must be set)
import { readFileSync, readdirSync, existsSync, mkdirSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { PrismaPg } from "@prisma/adapter-pg";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";
import * as bg from "@prisma/schema-engine-wasm/schema_engine_bg";
import { splitSqlStatements } from "./sql-statements.mjs";

const url = process.env.DATABASE_URL;
if (!url) {
  console.error("migrate: DATABASE_URL is not set");
  process.exit(2);
}

const require = createRequire(import.meta.url);
const wasmPath = path.join(
  path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
  "schema_engine_bg.wasm",
);
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { "./schema_engine_bg.js": bg });
bg.__wbg_set_wasm(instance.exports);
instance.exports.__wbindgen_start?.();

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..");
const schemaPath = path.join(root, "prisma/schema.prisma");
const baseDir = path.join(root, "prisma/migrations");
const schema = { files: [{ path: schemaPath, content: readFileSync(schemaPath, "utf8") }] };
const filters = { externalTables: [], externalEnums: [] };

function migrationsList() {
  const lockPath = path.join(baseDir, "migration_lock.toml");
  const dirs = existsSync(baseDir)
    ? readdirSync(baseDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
        .sort()
    : [];
  return {
    baseDir,
    lockfile: {
      path: "migration_lock.toml",
      content: existsSync(lockPath) ? readFileSync(lockPath, "utf8") : null,
    },
    shadowDbInitScript: "",
    migrationDirectories: dirs.map((d) => {
      const file = path.join(baseDir, d, "migration.sql");
      return {
        path: d,
        migrationFile: {
          path: "migration.sql",
          content: existsSync(file)
            ? { tag: "ok", value: readFileSync(file, "utf8") }
            : { tag: "error", value: "missing" },
        },
      };
    }),
  };
}

/** The pg adapter, running a migration script statement by statement as PostgreSQL reads it. */
class PrismaPgScripts extends PrismaPg {
  async connect() {
    const connection = await super.connect();
    connection.executeScript = async (script) => {
      for (const statement of splitSqlStatements(script)) {
        try {
          await connection.underlyingDriver().query(statement);
        } catch (error) {
          connection.onError(error);
        }
      }
    };
    return connection;
  }
}

const adapter = bindMigrationAwareSqlAdapterFactory(new PrismaPgScripts({ connectionString: url }));
const engine = await bg.SchemaEngine.new(
  { datamodels: schema.files.map((f) => [f.path, f.content]) },
  (msg) => process.env.DEBUG && console.error("[engine]", msg),
  adapter,
);

const [cmd, name = "migration"] = process.argv.slice(2);
const t0 = performance.now();
if (cmd === "dev") {
  // The engine's live-database diff and shadow database do not work through the adapter, so diff
  // offline: the schema saved with the newest migration against the current schema.
  const list = migrationsList().migrationDirectories.map((d) => d.path);
  const snapshot = list.length ? path.join(baseDir, list.at(-1), "schema.prisma.snapshot") : null;
  const from =
    snapshot && existsSync(snapshot)
      ? { tag: "schemaDatamodel", files: [{ path: schemaPath, content: readFileSync(snapshot, "utf8") }] }
      : { tag: "empty" };
  const { stdout } = await engine.diff({
    from,
    to: { tag: "schemaDatamodel", ...schema },
    script: true,
    exitCode: null,
    filters,
  });
  if (!stdout || /This is an empty migration/.test(stdout)) console.log("No schema changes.");
  else {
    const stamp = new Date().toISOString().replace(/\D/g, "").slice(0, 14);
    const dir = `${stamp}_${name}`;
    mkdirSync(path.join(baseDir, dir), { recursive: true });
    writeFileSync(path.join(baseDir, dir, "migration.sql"), stdout);
    writeFileSync(path.join(baseDir, dir, "schema.prisma.snapshot"), schema.files[0].content);
    const lock = path.join(baseDir, "migration_lock.toml");
    if (!existsSync(lock)) writeFileSync(lock, `provider = "postgresql"\n`);
    console.log(`Created prisma/migrations/${dir}/migration.sql`);
  }
}
if (cmd === "dev" || cmd === "deploy") {
  const res = await engine.applyMigrations({ migrationsList: migrationsList(), filters });
  if (res.appliedMigrationNames.length) console.log("Applied:", res.appliedMigrationNames.join(", "));
} else if (cmd === "status") {
  const status = await engine.diagnoseMigrationHistory({
    migrationsList: migrationsList(),
    optInToShadowDatabase: false,
    filters,
  });
  console.log(JSON.stringify(status, null, 1));
} else if (cmd !== "dev") {
  console.error("usage: node scripts/migrate.mjs deploy | dev <name> | status");
  process.exit(2);
}
if (process.env.DEBUG) console.log(`${cmd} done in ${(performance.now() - t0).toFixed(0)} ms`);
process.exit(0);
