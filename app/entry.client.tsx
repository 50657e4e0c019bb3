import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { DEFAULT_NAMESPACE } from "./lib/i18n";
import { quietAbortedLoads } from "./ui/aborted-loads";
import { reloadOnPreloadErrors } from "./ui/chunk-reload";
import { BrowserTranslations, BrowserTranslationsProvider } from "./ui/page-translations";
import { TranslatorProvider } from "./ui/use-translation";

/** Loads this page's translations (preloaded by the page's head, cached for a year), then hydrates. */
async function hydrate() {
  const { lang, dataset } = document.documentElement;
  const translations = await BrowserTranslations.load(
    lang || "nl",
    dataset.i18n ?? "",
    dataset.i18nNs?.split(",") ?? [DEFAULT_NAMESPACE],
  );
  startTransition(() => {
    hydrateRoot(
      document,
      <BrowserTranslationsProvider value={translations}>
        <TranslatorProvider value={translations.translator}>
          <StrictMode>
            <HydratedRouter />
          </StrictMode>
        </TranslatorProvider>
      </BrowserTranslationsProvider>,
    );
  });
}

reloadOnPreloadErrors();
quietAbortedLoads();
void hydrate();
