/**
 * The one request every benchmark makes: GET /v1/users/me with the bench's demo API key.
 */

/** The demo user's API key in every server the bench starts. */
export const API_KEY = "bench-key-0123456789abcdef";

/** The path under test. */
export const USERS_ME_PATH = "/v1/users/me";

/** The request's headers. */
export const AUTH_HEADERS = { Authorization: `Bearer ${API_KEY}` } as const;

/** A fresh `GET /v1/users/me` for `origin`. */
export function usersMeRequest(origin: string): Request {
  return new Request(new URL(USERS_ME_PATH, origin), { headers: AUTH_HEADERS });
}
