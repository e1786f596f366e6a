import { ApiError } from "../errors.js";

/** Largest request body accepted, in bytes. */
export const MAX_BODY_BYTES = 5 * 1024 * 1024;

/** Deepest nesting of arrays and objects accepted in a JSON body. */
export const MAX_BODY_DEPTH = 64;

/** The nesting depth of a parsed JSON value, counted without recursion (so depth cannot overflow it). */
function depthOf(value: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > deepest) deepest = depth + 1;
    if (deepest > MAX_BODY_DEPTH) return deepest;
    for (const inner of Object.values(current)) stack.push([inner, depth + 1]);
  }
  return deepest;
}

function hasBody(request: Request): boolean {
  const length = request.headers.get("content-length");
  if (length !== null) return length !== "0";
  return request.headers.has("transfer-encoding") || request.body !== null;
}

/**
 * Reads a JSON object body. No body reads as `{}`; a body needs `Content-Type: application/json`
 * (415), must be under {@link MAX_BODY_BYTES} (413), parse (400) and be an object (400).
 */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  if (!hasBody(request)) return {};
  const type = request.headers.get("content-type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(type)) {
    throw new ApiError(
      "unsupported_media_type",
      `Request bodies must be JSON sent with Content-Type: application/json (got ${type ? JSON.stringify(type) : "no Content-Type"}).`,
    );
  }
  const declared = Number(request.headers.get("content-length") ?? 0);
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const text = await readLimited(request);
  if (text.trim() === "") return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ApiError("invalid_json", `The request body is not valid JSON: ${(error as Error).message}.`);
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw new ApiError("invalid_request", "The request body must be a JSON object.");
  }
  if (depthOf(body) > MAX_BODY_DEPTH) {
    throw new ApiError(
      "invalid_request",
      `The request body nests objects and arrays deeper than ${MAX_BODY_DEPTH} levels.`,
    );
  }
  return body as Record<string, unknown>;
}

async function readLimited(request: Request): Promise<string> {
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel();
      throw tooLarge();
    }
    text += decoder.decode(value, { stream: true });
  }
  return text + decoder.decode();
}

function tooLarge(): ApiError {
  return new ApiError("payload_too_large", `Request bodies are limited to ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
}
