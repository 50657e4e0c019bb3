import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, data, Form, useActionData } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Locale } from "~/lib/i18n";
import type * as accountSchemas from "~/domain/accounts/login-schemas";
import { loginSchema } from "~/domain/accounts/login-schemas";
import { FormErrors, PasswordField, TextField } from "~/ui/form-fields";
import { TranslatorProvider } from "~/ui/use-translation";
import { testI18n, testTranslator } from "../../tests/setup/render";
import { useValidatedForm } from "./use-validated-form";

type Schemas = typeof accountSchemas;

/** A module import the test lets arrive (or fail) when it wants. */
// The page is interactive (the validator waits for that: app/ui/hydrate-later.tsx).
beforeEach(() => {
  document.documentElement.dataset.hydrated = "true";
});
afterEach(() => {
  delete document.documentElement.dataset.hydrated;
});

function deferredSchemas() {
  let arrive: () => Promise<void> = async () => {};
  let fail: () => Promise<void> = async () => {};
  const promise = new Promise<Schemas>((resolve, reject) => {
    arrive = async () => {
      resolve(await import("~/domain/accounts/login-schemas"));
      // Lets the hook's effect take the loaded module before the test goes on.
      await act(async () => {});
    };
    fail = async () => {
      reject(new Error("Failed to fetch dynamically imported module"));
      await act(async () => {});
    };
  });
  return { load: () => promise, arrive, fail };
}

/**
 * The login form as a page with its action, which checks the body as the real one does: the
 * answer to a refused form is `submission.reply()` in the request's language, without the password.
 */
function renderLogin({ load, locale = "nl" }: { load: () => Promise<Schemas>; locale?: Locale }) {
  const posted: Record<string, FormDataEntryValue>[] = [];
  function LoginForm() {
    const lastResult = useActionData<SubmissionResult<string[]>>();
    const [form, fields] = useValidatedForm({
      id: "login",
      lastResult,
      schemas: load,
      schema: (schemas, t) => schemas.loginSchema(t),
    });
    return (
      <Form method="post" {...getFormProps(form)} data-testid="login-form">
        <FormErrors errors={form.errors} id={form.errorId} />
        <TextField
          label="E-mail"
          inputProps={getInputProps(fields.email, { type: "email" })}
          errors={fields.email.errors}
          errorId={fields.email.errorId}
        />
        <PasswordField label="Password" field={fields.password} autoComplete="current-password" />
        <button type="submit">Log in</button>
        <button type="submit" name="intent" value="back" formNoValidate>
          Back
        </button>
      </Form>
    );
  }
  const Stub = createRoutesStub([
    {
      path: "/login",
      Component: LoginForm,
      action: async ({ request }) => {
        const formData = await request.formData();
        posted.push(Object.fromEntries(formData));
        const submission = parseWithZod(formData, { schema: loginSchema(testI18n(locale).t) });
        return data(
          submission.reply({ formErrors: ["Login mislukt, probeer opnieuw."], hideFields: ["password"] }),
          { status: 400 },
        );
      },
    },
  ]);
  render(
    <TranslatorProvider value={testTranslator(locale)}>
      <Stub initialEntries={["/login"]} />
    </TranslatorProvider>,
  );
  const email = () => screen.getByLabelText("E-mail");
  return {
    posted,
    email,
    type: (value: string) => fireEvent.input(email(), { target: { value } }),
    leave: () => fireEvent.focusOut(email()),
    submit: () => fireEvent.submit(screen.getByTestId("login-form")),
  };
}

describe("useValidatedForm", () => {
  it.each([
    ["nl", "Ongeldige e-mail"],
    ["de", "Ungültige E-Mail"],
  ] as const)(
    "checks a field when it is left, once the schema has arrived, in the page's language (%s)",
    async (locale, message) => {
      const schemas = deferredSchemas();
      const form = renderLogin({ load: schemas.load, locale });
      form.type("geen-adres");
      form.leave();
      // The schema is still on its way: nothing to say yet.
      expect(screen.queryByText(message)).not.toBeInTheDocument();
      await schemas.arrive();
      form.type("nog-steeds-geen-adres");
      form.leave();
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(form.email()).toHaveAttribute("aria-invalid", "true");
    },
  );

  it("keeps a refused form in the browser and clears the message while the field is corrected", async () => {
    const schemas = deferredSchemas();
    const form = renderLogin({ load: schemas.load });
    await schemas.arrive();
    form.type("geen-adres");
    form.submit();
    expect(await screen.findByText("Ongeldige e-mail")).toBeInTheDocument();
    expect(screen.getByText("Vul je wachtwoord in")).toBeInTheDocument();
    expect(form.posted).toEqual([]);
    // Once a field showed a message it is checked while typing, not only when it is left.
    form.type("anna@example.com");
    await act(async () => {});
    expect(screen.queryByText("Ongeldige e-mail")).not.toBeInTheDocument();
    fireEvent.input(screen.getByLabelText("Password"), { target: { value: "geheim" } });
    form.submit();
    await screen.findByText("Login mislukt, probeer opnieuw.");
    expect(form.posted).toEqual([{ email: "anna@example.com", password: "geheim" }]);
  });

  it("sends the form unchecked from a button with formnovalidate (Back), as HTML does", async () => {
    const schemas = deferredSchemas();
    const form = renderLogin({ load: schemas.load });
    await schemas.arrive();
    form.type("geen-adres");
    fireEvent.click(screen.getByRole("button", { name: "Back" }));
    await screen.findByText("Login mislukt, probeer opnieuw.");
    expect(form.posted).toEqual([{ email: "geen-adres", password: "", intent: "back" }]);
  });

  it.each(["is still loading", "failed to load"])(
    "sends the form to the server when the schema %s, and shows the server's answer",
    async (state) => {
      const schemas = deferredSchemas();
      const form = renderLogin({ load: schemas.load });
      if (state === "failed to load") await schemas.fail();
      form.type("geen-adres");
      form.submit();
      expect(await screen.findByText("Ongeldige e-mail")).toBeInTheDocument();
      expect(screen.getByText("Login mislukt, probeer opnieuw.")).toBeInTheDocument();
      expect(form.posted).toEqual([{ email: "geen-adres", password: "" }]);
      expect(form.email()).toHaveValue("geen-adres");
    },
  );

  it("renders the action's answer on the server, so a browser without JavaScript shows it", async () => {
    function Page() {
      const [form, fields] = useValidatedForm({
        id: "login",
        lastResult: useActionData<SubmissionResult<string[]>>(),
        schemas: () => import("~/domain/accounts/login-schemas"),
        schema: (schemas, t) => schemas.loginSchema(t),
      });
      return (
        <form method="post" {...getFormProps(form)}>
          <TextField
            label="E-mail"
            inputProps={getInputProps(fields.email, { type: "email" })}
            errors={fields.email.errors}
            errorId={fields.email.errorId}
          />
        </form>
      );
    }
    const formData = new FormData();
    formData.set("email", "geen-adres");
    const reply = parseWithZod(formData, { schema: loginSchema(testI18n("fr").t) }).reply();
    const Stub = createRoutesStub([{ id: "page", path: "/login", Component: Page, action: () => null }]);
    const html = renderToString(
      <TranslatorProvider value={testTranslator("fr")}>
        <Stub initialEntries={["/login"]} hydrationData={{ loaderData: {}, actionData: { page: reply } }} />
      </TranslatorProvider>,
    );
    expect(html).toContain(testI18n("fr").t("accounts:validation.emailInvalid"));
    expect(html).toContain('value="geen-adres"');
    expect(html).toContain('aria-invalid="true"');
  });
});
