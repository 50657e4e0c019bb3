import { type DefaultValue, parse, type Submission, type SubmissionResult, useForm } from "@conform-to/react";
import type { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { useEffect, useRef, useState } from "react";
import type { z } from "zod";
import { afterHydration } from "~/ui/hydrate-later";
import { useTranslation } from "~/ui/use-translation";

/** The action's answer to a refused form: the errors and the typed values (never a password). */
export type FormResult = SubmissionResult<string[]> | undefined;

/** The value typed into a field of a refused form: without JavaScript the server renders it again. */
export function typedValue(result: FormResult | null, name: string): unknown {
  return (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
}

type ObjectSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;
type FormEvent = "onSubmit" | "onBlur" | "onInput";

interface Validator<Schemas> {
  parseWithZod: typeof parseWithZod;
  schemas: Schemas;
}

/**
 * The form's validator, loaded once the page is interactive and idle instead of with it: zod and the schemas
 * weigh about 30 KB gzipped, more than most pages' own code. Null until it has arrived.
 */
function useLazyValidator<Schemas>(schemas: () => Promise<Schemas>): Validator<Schemas> | null {
  // The first loader only: forms pass a new arrow on every render, always for the same module.
  const load = useRef(schemas);
  const [validator, setValidator] = useState<Validator<Schemas> | null>(null);
  useEffect(() => {
    let mounted = true;
    // In idle time after the first page hydrated (or at the first touch), not in the middle of it.
    afterHydration()
      .then(() => Promise.all([import("@conform-to/zod/v4"), load.current()]))
      .then(
        ([zod, loaded]) => mounted && setValidator({ parseWithZod: zod.parseWithZod, schemas: loaded }),
        // Not loaded (offline, a newer deploy): the server still validates every submit.
        () => undefined,
      );
    return () => {
      mounted = false;
    };
  }, []);
  return validator;
}

/**
 * The one way a form checks its fields in the browser: conform's `useForm` with the schema the
 * action checks with, in the page's language. Every form works without JavaScript, because the
 * action validates every submit and answers with `submission.reply()` (`lastResult`); with
 * JavaScript a field is checked when it is left and, once it showed a message, while it is typed in.
 *
 * `schemas` imports the module holding the schema (`() => import("~/domain/…")`): a dynamic import,
 * so zod stays out of the page's first load. Until it has arrived a check shows nothing and a submit
 * goes to the server.
 */
export function useValidatedForm<Schemas, Schema extends ObjectSchema>({
  schemas,
  schema,
  shouldValidate = "onBlur",
  // After a refused submit, fields revalidate while typing, not on blur: a server message vanishing
  // on blur would move the submit button away from under the click that caused the blur.
  shouldRevalidate = "onInput",
  ...options
}: {
  /** The form element's id; conform makes one up without it. */
  id?: string;
  lastResult?: FormResult | null;
  defaultValue?: DefaultValue<z.input<Schema>>;
  shouldValidate?: FormEvent;
  shouldRevalidate?: FormEvent;
  schemas: () => Promise<Schemas>;
  /** The form's schema out of the loaded module (called at each check, with current values). */
  schema: (schemas: Schemas, t: TFunction) => Schema;
}) {
  const { t } = useTranslation();
  const validator = useLazyValidator(schemas);
  return useForm<z.input<Schema>, z.output<Schema>>({
    ...options,
    shouldValidate,
    shouldRevalidate,
    onValidate: ({ formData, submitter }) =>
      validator && !skipsChecks(submitter)
        ? validator.parseWithZod(formData, { schema: schema(validator.schemas, t) })
        : unvalidated<Schema>(formData),
  });
}

/** Conform's own intents (checking a field on blur) come from a hidden button named so. */
const CONFORM_INTENT = "__intent__";

/**
 * A button of the form's own with `formnovalidate` ("Back") submits unchecked, as HTML's checks
 * would let it; conform's intent buttons carry the attribute too, but are checks themselves.
 */
function skipsChecks(submitter: unknown): boolean {
  return (
    submitter instanceof HTMLButtonElement && submitter.formNoValidate && submitter.name !== CONFORM_INTENT
  );
}

/** What conform gets while the validator is on its way: no errors, so nothing shows and a submit is sent. */
function unvalidated<Schema extends ObjectSchema>(formData: FormData) {
  return parse(formData, { resolve: (value) => ({ value }) }) as Submission<
    z.input<Schema>,
    string[],
    z.output<Schema>
  >;
}
