import { StrictMode, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { clientTranslationsUrl } from "./lib/i18n";
import { createTranslator, type TranslationBundles } from "./lib/translator";
import { reloadOnPreloadErrors } from "./ui/chunk-reload";
import { TranslatorProvider } from "./ui/use-translation";

/** Loads this page's language (preloaded by the page's head, cached for a year), then hydrates. */
async function hydrate() {
  const lng = document.documentElement.lang || "nl";
  const version = document.documentElement.dataset.i18n ?? "";
  const response = await fetch(clientTranslationsUrl(lng, version));
  const translator = createTranslator(lng, (await response.json()) as TranslationBundles);
  startTransition(() => {
    hydrateRoot(
      document,
      <TranslatorProvider value={translator}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </TranslatorProvider>,
    );
  });
}

reloadOnPreloadErrors();
void hydrate();
