import { type ComponentType, lazy, type LazyExoticComponent, Suspense, useEffect, useState } from "react";

let firstIdle: Promise<void> | undefined;

/**
 * Resolves once the browser has nothing more urgent to do after the first page hydrated (or the
 * visitor touched, typed or focused something first); at once on later pages, where nothing is
 * hydrating any more.
 */
export function afterHydration(): Promise<void> {
  if (document.documentElement.dataset.hydrated) return Promise.resolve();
  firstIdle ??= new Promise((resolve) => {
    const go = () => resolve();
    if ("requestIdleCallback" in window) requestIdleCallback(go, { timeout: 2_000 });
    else setTimeout(go, 200);
    for (const type of ["pointerdown", "keydown", "focusin"])
      window.addEventListener(type, go, { once: true, capture: true, passive: true });
  });
  return firstIdle;
}

/**
 * A part of the page the server renders like any other, whose browser code loads and hydrates
 * only once the rest of the page is interactive (`afterHydration`): until then its HTML shows and
 * its links and forms work as they do without JavaScript. On a later page it loads at once.
 *
 * `load` imports the part's own module (`() => import("./part").then((m) => m.Part)`), which the
 * browser build then puts in a chunk of its own; nothing else on the page may import that module.
 */
export function hydrateLater<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  // The same Suspense boundary on both sides, so the server's markers match what the browser hydrates.
  return inSuspense(
    import.meta.env.SSR ? loadedOnServer(load) : lazy(() => afterHydration().then(load).then(asModule)),
  );
}

/**
 * A part that only the browser renders, and only after a click (a modal): its code loads when it is
 * first rendered, and until then it shows nothing.
 */
export function loadOnUse<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return inSuspense(lazy(() => load().then(asModule)));
}

function inSuspense<Props extends object>(
  Part: ComponentType<Props> | LazyExoticComponent<ComponentType<Props>>,
): ComponentType<Props> {
  return function Suspended(props: Props) {
    return (
      <Suspense fallback={null}>
        <Part {...props} />
      </Suspense>
    );
  };
}

/**
 * A part with no HTML of its own on the server (a listener, a modal not open yet): the browser
 * loads and mounts it once the page is interactive (`afterHydration`), outside any Suspense
 * boundary. Such a part must not use `hydrateLater`: its empty boundary, left by the server at the
 * end of `<body>` beside the scripts, never finished hydrating, and React holds every transition
 * that reaches a boundary not hydrated yet (each React Router update is one) until it has: the
 * page stopped updating for good, a like's answer and all (docs/decisions/0074-first-load-130-kb.md).
 */
export function mountLater<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  return function MountedLater(props: Props) {
    const [Part, setPart] = useState<ComponentType<Props> | null>(null);
    useEffect(() => {
      let mounted = true;
      void afterHydration()
        .then(load)
        .then((component) => {
          if (mounted) setPart(() => component);
        });
      return () => {
        mounted = false;
      };
    }, []);
    return Part ? <Part {...props} /> : null;
  };
}

function asModule<Props>(component: ComponentType<Props>) {
  return { default: component };
}

/**
 * The server's copy, imported when the server starts (its bundle holds every module), so that it
 * renders in the page's one synchronous pass (`renderToString`).
 */
function loadedOnServer<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  let loaded: ComponentType<Props> | undefined;
  const loading = load().then((component) => {
    loaded = component;
  });
  return function LoadedOnServer(props: Props) {
    if (!loaded) throw loading;
    const Loaded = loaded;
    return <Loaded {...props} />;
  };
}
