import { Agent, interceptors, request } from "undici";
import { ApiError } from "../errors.js";

/** Limits on fetching component code from a URL. */
export interface FetchLimits {
  timeoutMs: number;
  maxBytes: number;
}

const dispatcher = new Agent().compose(interceptors.redirect({ maxRedirections: 3 }));

const failed = (url: string, why: string) =>
  new ApiError("component_url_failed", `Could not fetch component_url ${url}: ${why}.`, "component_url");

/** Fetches component code over http or https, within a time and size cap. */
export async function fetchComponentCode(url: string, limits: FetchLimits): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw failed(url, "it is not a valid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:")
    throw failed(url, "only http and https are supported");
  try {
    const response = await request(parsed, {
      method: "GET",
      headersTimeout: limits.timeoutMs,
      bodyTimeout: limits.timeoutMs,
      signal: AbortSignal.timeout(limits.timeoutMs),
      dispatcher,
    });
    if (response.statusCode < 200 || response.statusCode > 299) {
      await response.body.dump();
      throw failed(url, `the server answered ${response.statusCode}`);
    }
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body) {
      size += (chunk as Buffer).byteLength;
      if (size > limits.maxBytes) {
        response.body.destroy();
        throw failed(url, `the code is larger than ${limits.maxBytes} bytes`);
      }
      chunks.push(chunk as Buffer);
    }
    const code = Buffer.concat(chunks).toString("utf8");
    if (code.trim() === "") throw failed(url, "the response was empty");
    return code;
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const reason =
      (error as Error).name === "TimeoutError" ? `no answer within ${limits.timeoutMs} ms` : (error as Error).message;
    throw failed(url, reason);
  }
}
