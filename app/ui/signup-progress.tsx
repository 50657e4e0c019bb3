import { useTranslation } from "~/ui/use-translation";

/** The signup steps 0 to 4 as the progress shows them (docs/product.md, Accounts). */
const PROGRESS_STEPS = ["who", "birth", "place", "account", "matches"] as const;

/**
 * Where the visitor is in the signup: an ordered list of the steps, the current one marked for
 * screen readers (`aria-current="step"`) and by colour, the done ones ticked. Fits a 390 px phone.
 */
export function SignupProgress({ current }: { current: number }) {
  const { t } = useTranslation();
  return (
    <ol className="signup-progress" aria-label={t("signup:progress.label")} data-testid="signup-progress">
      {PROGRESS_STEPS.map((step, index) => {
        const state = index < current ? "done" : index === current ? "current" : "todo";
        return (
          <li
            key={step}
            className={`signup-progress-${state}`}
            aria-current={state === "current" ? "step" : undefined}
          >
            <span className="signup-progress-number" aria-hidden="true">
              {index + 1}
            </span>
            <span className="signup-progress-label">
              {t(`signup:progress.${step}`)}
              {state === "done" && <span className="visually-hidden"> ({t("signup:progress.done")})</span>}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
