import type { FormHTMLAttributes } from "react";
import { useSubmit } from "react-router";

type AppFormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "action" | "method"> & {
  /** An absolute path inside the app ("/chats/gift"). */
  action: string;
  method?: "get" | "post";
};

/**
 * A form posting to an absolute path of the app, for pages that render several and render often (a
 * conversation's gift and photo pickers). React Router's `<Form>` resolves its action against the
 * route matches and the location on every render, which every conversation page would pay for its
 * pickers (figures: docs/benchmarks.md). This renders a plain `<form>` (which is all there is without JavaScript)
 * and, with JavaScript, submits it through React Router as `<Form>` does: the pressed button's name
 * and value included, its action and method read from the form.
 */
export function AppForm({ action, method = "post", onSubmit, ...props }: AppFormProps) {
  const submit = useSubmit();
  return (
    <form
      {...props}
      action={action}
      method={method}
      onSubmit={(event) => {
        onSubmit?.(event);
        if (event.defaultPrevented) return;
        event.preventDefault();
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        void submit(submitter instanceof HTMLButtonElement ? submitter : event.currentTarget);
      }}
    />
  );
}
