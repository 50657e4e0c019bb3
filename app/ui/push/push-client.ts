// The browser side of web push: the service worker (public/sw.js), this device's subscription and
// its push state. Plain browser APIs, no library.
import { apiCallHeaders } from "../api-call-headers";

/** The push states: unknown (not known yet, or no push here), capable, subscribed, denied. */
export type PushState = "unknown" | "capable" | "subscribed" | "denied";

const SERVICE_WORKER_URL = "/sw.js";

function pushSupported(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

/** Registers the service worker (every page with JavaScript); failures only cost push and the offline page. */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | null> {
  if (typeof navigator === "undefined" || !("serviceWorker" in navigator)) return Promise.resolve(null);
  return navigator.serviceWorker.register(SERVICE_WORKER_URL).catch(() => null);
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** This device's endpoint, if it has a subscription. */
export async function currentEndpoint(): Promise<string | null> {
  if (!pushSupported()) return null;
  return (await currentSubscription().catch(() => null))?.endpoint ?? null;
}

/**
 * This device's push state. With `knownEndpoints` (the member's stored devices), a subscription
 * the server no longer has counts as off: turning push on stores it again.
 */
export async function readPushState(knownEndpoints?: readonly string[]): Promise<PushState> {
  if (!pushSupported()) return "unknown";
  if (Notification.permission === "denied") return "denied";
  const subscription = await currentSubscription().catch(() => null);
  if (!subscription || Notification.permission !== "granted") return "capable";
  if (knownEndpoints && !knownEndpoints.includes(subscription.endpoint)) return "capable";
  return "subscribed";
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

function sameKey(a: ArrayBuffer | null | undefined, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.byteLength) return false;
  const bytes = new Uint8Array(a);
  return bytes.every((value, index) => value === b[index]);
}

/** A refused push call, with the server's error code (e.g. `unknown_push_service`) when it gave one. */
export class PushCallError extends Error {
  constructor(
    message: string,
    readonly code: string | null,
  ) {
    super(message);
  }
}

async function postJson(url: string, method: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json", Accept: "application/json", ...apiCallHeaders(url) },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    const answer = (await response.json().catch(() => null)) as { error?: unknown } | null;
    const code = typeof answer?.error === "string" ? answer.error : null;
    throw new PushCallError(`${method} ${url}: ${response.status}`, code);
  }
}

/** Asks for permission, subscribes with the site's public key and stores the subscription. */
export async function turnPushOn(): Promise<PushState> {
  if (!pushSupported()) return "unknown";
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "capable";
  const registration = (await registerServiceWorker()) ?? (await navigator.serviceWorker.ready);
  await navigator.serviceWorker.ready;
  const settingsResponse = await fetch("/api/settings.php", { headers: { Accept: "application/json" } });
  const { settings } = (await settingsResponse.json()) as { settings: { push_public_key: string } };
  const applicationServerKey = keyBytes(settings.push_public_key);
  let subscription = await registration.pushManager.getSubscription();
  if (subscription && !sameKey(subscription.options?.applicationServerKey, applicationServerKey)) {
    await subscription.unsubscribe();
    subscription = null;
  }
  subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey });
  await postJson("/api/user.php?push=1", "POST", { subscription: subscription.toJSON() });
  return "subscribed";
}

/** Forgets this device on the server and in the browser. */
export async function turnPushOff(): Promise<PushState> {
  if (!pushSupported()) return "unknown";
  const subscription = await currentSubscription();
  if (subscription) {
    await postJson("/api/user.php?push=1", "DELETE", { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  return Notification.permission === "denied" ? "denied" : "capable";
}
