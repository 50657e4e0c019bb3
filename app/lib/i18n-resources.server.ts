import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import type { Resource, ResourceLanguage } from "i18next";
import { SUPPORTED_LOCALES, type Locale } from "./i18n";
import { projectPath } from "./project-path.server";

// Read from disk rather than bundled, so the same code serves the built app and Vitest.
const localesDir = path.dirname(projectPath("locales/nl"));

export const resources: Resource = {};
for (const locale of SUPPORTED_LOCALES) {
  const dir = path.join(localesDir, locale);
  resources[locale] = {};
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".json"))) {
    const content = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as ResourceLanguage[string];
    resources[locale][file.slice(0, -".json".length)] = content;
  }
}

/** Namespaces rendered only on the server (long page texts, mails): never sent to the browser. */
const SERVER_ONLY_NAMESPACES = new Set(["pages", "mail"]);

/** The namespaces the browser may load (the same in every locale: nl's files). */
export const clientNamespaces: readonly string[] = Object.keys(resources.nl ?? {})
  .filter((namespace) => !SERVER_ONLY_NAMESPACES.has(namespace))
  .sort();

/** A language's translations for the browser: the given namespaces (of `clientNamespaces`), or all. */
export function clientResources(
  locale: Locale,
  namespaces: readonly string[] = clientNamespaces,
): ResourceLanguage {
  const all = resources[locale] ?? {};
  return Object.fromEntries(namespaces.map((namespace) => [namespace, all[namespace] ?? {}]));
}

/** Changes whenever a client translation changes, so browsers can cache them for a year. */
export const clientResourcesVersion = createHash("sha256")
  .update(JSON.stringify(SUPPORTED_LOCALES.map((l) => clientResources(l))))
  .digest("hex")
  .slice(0, 12);
