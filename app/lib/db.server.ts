import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "~/generated/prisma/client";

declare global {
  var __prisma: PrismaClient | undefined;
}

function createClient() {
  const connectionString = process.env.DATABASE_URL;
  if (!connectionString) throw new Error("DATABASE_URL is not set: start the app through server/start.ts");
  return new PrismaClient({ adapter: new PrismaPg({ connectionString, max: 10 }) });
}

/** One client per process; created on first use so the embedded database can start first. */
export function db(): PrismaClient {
  globalThis.__prisma ??= createClient();
  return globalThis.__prisma;
}
