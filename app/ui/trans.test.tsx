import { render } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createTranslator } from "~/lib/translator";
import { Trans } from "./trans";
import { TranslatorProvider } from "./use-translation";

const translator = createTranslator("nl", {
  common: {
    sentTo: "We stuurden een e-mail naar <strong>{{email}}</strong>. Klik op de link.",
    terms: "Ik ga akkoord met de <terms>voorwaarden</terms> en het <privacy>beleid</privacy>",
    plain: "Geen opmaak, {{name}}",
  },
});

function renderTrans(element: React.ReactNode) {
  return render(<TranslatorProvider value={translator}>{element}</TranslatorProvider>).container;
}

describe("Trans", () => {
  it("puts each tag's text into its component and fills in the values", () => {
    const container = renderTrans(
      <Trans i18nKey="sentTo" values={{ email: "eva@example.nl" }} components={{ strong: <strong /> }} />,
    );
    expect(container.innerHTML).toBe(
      "We stuurden een e-mail naar <strong>eva@example.nl</strong>. Klik op de link.",
    );
  });

  it("keeps the component's own props and renders several tags in order", () => {
    const container = renderTrans(
      <Trans
        i18nKey="terms"
        components={{ terms: <a href="/pages/terms" />, privacy: <a href="/pages/privacy" /> }}
      />,
    );
    expect(container.innerHTML).toBe(
      'Ik ga akkoord met de <a href="/pages/terms">voorwaarden</a> en het <a href="/pages/privacy">beleid</a>',
    );
  });

  it("never turns a value into markup", () => {
    const container = renderTrans(
      <Trans
        i18nKey="sentTo"
        values={{ email: "<b>x</b>@example.nl" }}
        components={{ strong: <strong /> }}
      />,
    );
    expect(container.querySelector("b")).toBeNull();
    expect(container.querySelector("strong")).toHaveTextContent("<b>x</b>@example.nl");
  });

  it("renders a text without tags as text, and a tag without a component as its text", () => {
    expect(renderTrans(<Trans i18nKey="plain" values={{ name: "Eva" }} />).innerHTML).toBe(
      "Geen opmaak, Eva",
    );
    expect(renderTrans(<Trans i18nKey="terms" />).textContent).toBe(
      "Ik ga akkoord met de voorwaarden en het beleid",
    );
  });
});
