import { render } from "@testing-library/react";
import { createInstance } from "i18next";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import type { Locale } from "~/lib/i18n";
import { resources } from "~/lib/i18n-resources.server";

export function testI18n(locale: Locale = "nl") {
  const instance = createInstance({
    lng: locale,
    resources,
    defaultNS: "common",
    fallbackLng: false,
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  void instance.init();
  return instance;
}

/** Renders a component inside a data router (for Link and Form) with the app's real translations. */
export function renderWithApp(
  ui: React.ReactNode,
  { locale = "nl", path = "/" }: { locale?: Locale; path?: string } = {},
) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{ui}</> }]);
  return render(
    <I18nextProvider i18n={testI18n(locale)}>
      <Stub initialEntries={[path]} />
    </I18nextProvider>,
  );
}
