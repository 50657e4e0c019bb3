import { createMollieClient, type MollieClient } from "@mollie/api-client";
import { env, standInsAllowed } from "~/lib/env.server";

/** The key the real client gets while the simulator answers (the client only checks its form). */
const SIMULATOR_KEY = "test_simulatorsimulatorsimulator00";

let client: MollieClient | undefined;
let standIn: (() => void) | undefined;

/**
 * The Mollie stand-in to start before the client's first call where no MOLLIE_API_KEY is set: given
 * by whoever starts the process (server/main.ts starts it at once, the test setup hands it here), as
 * the domain does not know the stand-ins (app/stand-ins).
 */
export function setMollieStandIn(start: () => void) {
  standIn = start;
}

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
    standIn?.();
  }
  client = withTimeout(createMollieClient({ apiKey: apiKey ?? SIMULATOR_KEY }), env().MOLLIE_TIMEOUT_MS);
  return client;
}

function timeLimited<T>(call: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Mollie did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([call, timeout]).finally(() => clearTimeout(timer));
}

/**
 * The client takes no timeout and waits as long as the socket lives: every call of its binders
 * (`payments.create`, `methods.list`, …) that returns a promise gives up after `ms` instead. A
 * payment Mollie still creates after that has no checkout address anywhere, so no one pays it.
 */
function withTimeout(mollieClient: MollieClient, ms: number): MollieClient {
  const wrapped = new Map<PropertyKey, unknown>();
  return new Proxy(mollieClient, {
    get(target, key) {
      const binder: unknown = Reflect.get(target, key);
      if (typeof binder !== "object" || binder === null) return binder;
      if (!wrapped.has(key)) {
        wrapped.set(
          key,
          new Proxy(binder, {
            get(object, name) {
              const member: unknown = Reflect.get(object, name);
              if (typeof member !== "function") return member;
              return (...args: unknown[]) => {
                const result: unknown = member.apply(object, args);
                return result instanceof Promise ? timeLimited(result, ms) : result;
              };
            },
          }),
        );
      }
      return wrapped.get(key);
    },
  });
}

/** Whether payments go to the simulator (its checkout page then exists). */
export function usingMollieSimulator(): boolean {
  return !env().MOLLIE_API_KEY && standInsAllowed();
}
