import { createMollieClient, type MollieClient } from "@mollie/api-client";
import { env, standInsAllowed } from "~/lib/env.server";
import { startMollieSimulator } from "./mollie-simulator.server";

/** The key the real client gets while the simulator answers (the client only checks its form). */
const SIMULATOR_KEY = "test_simulatorsimulatorsimulator00";

let client: MollieClient | undefined;

/**
 * The Mollie client: with MOLLIE_API_KEY the real API (a `test_` key uses Mollie's own test mode),
 * otherwise, where stand-ins are allowed, the same client answered by the local simulator. Only
 * domain/payments talks to Mollie.
 */
export function mollie(): MollieClient {
  if (client) return client;
  const apiKey = env().MOLLIE_API_KEY;
  if (!apiKey) {
    if (!standInsAllowed()) throw new Error("MOLLIE_API_KEY is not set and stand-ins are not allowed");
    startMollieSimulator();
  }
  client = createMollieClient({ apiKey: apiKey ?? SIMULATOR_KEY });
  return client;
}

/** Whether payments go to the simulator (its checkout page then exists). */
export function usingMollieSimulator(): boolean {
  return !env().MOLLIE_API_KEY && standInsAllowed();
}
