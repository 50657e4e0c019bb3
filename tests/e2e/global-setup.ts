import type { FullConfig } from "@playwright/test";

/** Waits until the photos on the home page are drawn (the server draws demo photos after start-up). */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const deadline = Date.now() + 90_000;
  const html = await (await fetch(baseURL)).text();
  const photos = [...new Set([...html.matchAll(/\/photos\/\d+\/thumb/g)].map((m) => m[0]))];
  while (Date.now() < deadline) {
    const statuses = await Promise.all(photos.map(async (photo) => (await fetch(baseURL + photo)).status));
    if (statuses.every((status) => status === 200)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("The demo photos on the home page were not drawn within 90 s");
}
