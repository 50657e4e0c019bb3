import { apiCallHeaders, isUserCall } from "../api-call-headers";

/**
 * Requests are tried up to 5 times, waiting 0.5, 1, 2 and 4 s between tries, and a
 * 403 with `authentication_required` from any path but user.php logs the member out.
 */
export async function fetchJsonWithRetry<T>(
  url: string,
  { tries = 5, init = {} }: { tries?: number; init?: RequestInit } = {},
): Promise<{ status: number; body: T }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        ...init,
        headers: { Accept: "application/json", ...apiCallHeaders(url), ...init.headers },
        credentials: "same-origin",
      });
      if (response.status < 500) {
        const body = (await response.json()) as T;
        if (response.status === 403 && !isUserCall(url) && loggedOutAnswer(body)) {
          window.location.assign("/api/logout.php");
        }
        return { status: response.status, body };
      }
      if (attempt >= tries) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (attempt >= tries) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
  }
}

function loggedOutAnswer(body: unknown) {
  return (
    typeof body === "object" &&
    body !== null &&
    (body as { error?: unknown }).error === "authentication_required"
  );
}
