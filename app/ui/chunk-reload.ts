/** A page chunk that fails to load reloads the page, at most once per 60 s. */
const CHUNK_RELOAD_INTERVAL_MS = 60_000;
const STORAGE_KEY = "chunk-reload-at";

/** The messages browsers give a failed `import()` (Chromium, Firefox, Safari) and Vite's CSS preload. */
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS/i;

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && CHUNK_ERROR.test(error.message);
}

/**
 * Reloads the page (a new deploy replaced the chunk) unless this tab did so less than 60 s ago;
 * returns whether it reloads. Without session storage it does not, to never loop.
 */
export function reloadForChunkError(reload: () => void = () => window.location.reload()): boolean {
  try {
    const now = Date.now();
    const last = Number(window.sessionStorage.getItem(STORAGE_KEY));
    if (last > 0 && now - last < CHUNK_RELOAD_INTERVAL_MS && now >= last) return false;
    window.sessionStorage.setItem(STORAGE_KEY, String(now));
  } catch {
    return false;
  }
  reload();
  return true;
}

/** Vite announces a failed preload of a lazy chunk; cancelling the event keeps the error from being thrown. */
export function reloadOnPreloadErrors() {
  window.addEventListener("vite:preloadError", (event) => {
    if (reloadForChunkError()) event.preventDefault();
  });
}
