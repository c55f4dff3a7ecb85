// What a browser hands over when a user turns notifications on (the PushSubscription's JSON:
// endpoint and keys), the limits it is checked against, and what a notification carries to the
// panel's service worker.

/** Push services' endpoints are a few hundred characters; anything much longer is not one. */
export const ENDPOINT_MAX = 1024;
/** One user's browsers with notifications on; the oldest gives way (P217). */
export const DEVICES_MAX = 10;

export interface SubscriptionInput {
  endpoint: string;
  /** The browser's P-256 public key: 65 bytes, base64url. */
  p256dh: string;
  /** The browser's auth secret: 16 bytes, base64url. */
  auth: string;
}

/** The JSON the service worker reads from a push (worker-script.ts). */
export interface NoticePayload {
  title: string;
  body: string;
  /** A path of the panel: the conversation. */
  url: string;
  /** One notification per conversation on the device: a newer one replaces it. */
  tag: string;
  lang: string;
}
