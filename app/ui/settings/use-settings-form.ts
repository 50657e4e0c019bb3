import { type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { TFunction } from "i18next";
import { useTranslation } from "~/ui/use-translation";
import type { z } from "zod";

/** The action's answer to a refused password or e-mail form; `intent` says which form it belongs to. */
export type SettingsActionData = { intent: string; result: SubmissionResult<string[]> } | undefined;

/** Conform setup shared by the settings forms validated in the browser (id `${intent}-form`). */
export function useSettingsForm<Schema extends z.ZodType<Record<string, unknown>, Record<string, unknown>>>(
  intent: string,
  actionData: SettingsActionData,
  schema: (t: TFunction) => Schema,
) {
  const { t } = useTranslation();
  return useForm({
    id: `${intent}-form`,
    lastResult: actionData?.intent === intent ? actionData.result : undefined,
    shouldValidate: "onBlur",
    // After a refused submit, fields revalidate while typing, not on blur: a server message vanishing
    // on blur would move the submit button away from under the click that caused the blur.
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: schema(t) }),
  });
}
