import { type DefaultValue, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { useTranslation } from "~/ui/use-translation";
import type { z } from "zod";
import type { ProfileIntent } from "~/domain/profiles/profile-edit-schemas";

/** The action's answer to a refused form of this page, for the form it belongs to. */
export type ProfileResult = SubmissionResult<string[]> | undefined;

/** The values typed into a refused form (no JS: the server renders them again). */
export function typedValue(result: ProfileResult, name: string): unknown {
  return (result?.initialValue as Record<string, unknown> | null | undefined)?.[name];
}

/** Conform setup shared by the profile forms (id `${intent}-form`), validated in the browser too. */
export function useProfileForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: ProfileIntent,
  result: ProfileResult,
  schema: (t: TFunction) => Schema,
  options: {
    defaultValue?: DefaultValue<z.input<Schema>>;
    shouldRevalidate?: "onBlur" | "onInput";
  } = {},
) {
  const { t } = useTranslation();
  return useForm({
    id: `${intent}-form`,
    lastResult: result,
    defaultValue: options.defaultValue,
    shouldValidate: "onBlur",
    shouldRevalidate: options.shouldRevalidate ?? "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema(t) }),
  });
}
