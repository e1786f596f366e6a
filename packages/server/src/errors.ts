/** Machine-readable error codes of the API, each with one HTTP status. */
export const ERROR_STATUS = {
  invalid_request: 400,
  invalid_json: 400,
  component_invalid: 400,
  component_timeout: 400,
  component_failed: 400,
  component_url_failed: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  internal_error: 500,
} as const;

/** An error code of the API. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/**
 * The one error type of the server: a code (which fixes the status), a sentence for people,
 * and the parameter at fault when there is one.
 */
export class ApiError extends Error {
  override readonly name = "ApiError";
  /** Extra response headers, such as `WWW-Authenticate` on a 401. */
  headers: Record<string, string> = {};
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly param?: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(message);
  }

  get status(): (typeof ERROR_STATUS)[ErrorCode] {
    return ERROR_STATUS[this.code];
  }

  /** The JSON error body. */
  toBody(): Record<string, unknown> {
    return { error: this.message, code: this.code, ...(this.param ? { param: this.param } : {}), ...this.extra };
  }
}

/** 404 for an id that does not exist or that the caller may not see: the two look the same. */
export function notFound(what: string, id: string): ApiError {
  return new ApiError("not_found", `No ${what} with id ${JSON.stringify(id)} was found in this account.`);
}
