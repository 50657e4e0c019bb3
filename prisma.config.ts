import { defineConfig } from "prisma/config";

// `prisma generate` needs no database; migrations run through scripts/migrate.mjs.
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
