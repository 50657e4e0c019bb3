import { parse } from "@conform-to/react";
import { useEffect, useState } from "react";
import type * as validatorsModule from "./validators";

type Validators = typeof validatorsModule;
export type LoginSubmission = ReturnType<Validators["validateLogin"]>;
export type SignupSubmission = ReturnType<Validators["validateSignup"]>;

/**
 * The browser-side form validators (zod and the schemas, about 30 KB gzipped), loaded right after
 * the page became interactive instead of with it: null until they have arrived.
 */
export function useValidators(): Validators | null {
  const [validators, setValidators] = useState<Validators | null>(null);
  useEffect(() => {
    let mounted = true;
    import("./validators").then(
      (loaded) => mounted && setValidators(loaded),
      // Not loaded (offline, a newer deploy): the server still validates every submit.
      () => undefined,
    );
    return () => {
      mounted = false;
    };
  }, []);
  return validators;
}

/**
 * The submission to give conform while the validators are not there yet: a check on blur or input
 * shows nothing and sends nothing; a submit goes to the server, which validates it.
 */
export function unvalidated<Submission>(formData: FormData): Submission {
  return parse(formData, { resolve: (value) => ({ value }) }) as Submission;
}
