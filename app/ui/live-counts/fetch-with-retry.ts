/** SPEC section 7: requests are tried up to 5 times, waiting 0.5, 1, 2 and 4 s between tries. */
export async function fetchJsonWithRetry<T>(url: string, tries = 5): Promise<{ status: number; body: T }> {
  for (let attempt = 1; ; attempt++) {
    try {
      const response = await fetch(url, {
        headers: { Accept: "application/json" },
        credentials: "same-origin",
      });
      if (response.status < 500) return { status: response.status, body: (await response.json()) as T };
      if (attempt >= tries) throw new Error(`HTTP ${response.status}`);
    } catch (error) {
      if (attempt >= tries) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1)));
  }
}
