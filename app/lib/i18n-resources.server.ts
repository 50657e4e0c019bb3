import { createHash } from "node:crypto";
import type { Resource, ResourceLanguage } from "i18next";
import { SUPPORTED_LOCALES, type Locale } from "./i18n";

const files = import.meta.glob<Record<string, unknown>>("../../locales/*/*.json", {
  eager: true,
  import: "default",
});

export const resources: Resource = {};
for (const [file, content] of Object.entries(files)) {
  const match = /locales\/([a-z]{2})\/([\w-]+)\.json$/.exec(file);
  if (!match) continue;
  const [, lng, ns] = match as unknown as [string, string, string];
  (resources[lng] ??= {})[ns] = content as ResourceLanguage[string];
}

/** Namespaces rendered only on the server (long page texts, mails): never sent to the browser. */
const SERVER_ONLY_NAMESPACES = new Set(["pages", "mail"]);

export function clientResources(locale: Locale): ResourceLanguage {
  const all = resources[locale] ?? {};
  return Object.fromEntries(Object.entries(all).filter(([ns]) => !SERVER_ONLY_NAMESPACES.has(ns)));
}

/** Changes whenever a client translation changes, so browsers can cache them for a year. */
export const clientResourcesVersion = createHash("sha256")
  .update(JSON.stringify(SUPPORTED_LOCALES.map((l) => clientResources(l))))
  .digest("hex")
  .slice(0, 12);
