/** What a sandbox process may write, one JSON object per line. Anything else breaks the protocol. */
export type Reply =
  | { id: number; started: true }
  | { id: number; ok: true; result: unknown }
  | { id: number; ok: false; error: { kind: string; message: string; stack?: string } };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === "object" && !Array.isArray(value);

/** Parses and checks one line from a sandbox process; undefined when it is not a valid reply. */
export function parseReply(line: string): Reply | undefined {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return undefined;
  }
  if (!isRecord(value) || !Number.isSafeInteger(value.id)) return undefined;
  const id = value.id as number;
  if (value.started === true) return { id, started: true };
  if (value.ok === true && "result" in value) return { id, ok: true, result: value.result };
  const error = value.error;
  if (
    value.ok === false &&
    isRecord(error) &&
    typeof error.kind === "string" &&
    typeof error.message === "string" &&
    (error.stack === undefined || typeof error.stack === "string")
  ) {
    return {
      id,
      ok: false,
      error: { kind: error.kind, message: error.message, ...(error.stack !== undefined ? { stack: error.stack } : {}) },
    };
  }
  return undefined;
}
