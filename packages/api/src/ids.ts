/** Id prefixes of the service, by kind of resource. */
export const ID_PREFIX = {
  component: "sc_",
  source: "dc_",
  workflow: "p_",
  webhook: "wh_",
  subscription: "sub_",
  workspace: "o_",
  user: "u_",
  deployment: "d_",
  cell: "c_",
} as const;

/** A kind of resource that has an id prefix. */
export type IdKind = keyof typeof ID_PREFIX;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const BODY_LENGTH = 12;
const BODY = "[0-9A-Za-z]{1,64}";

/** A source of random numbers in [0, 1), so tests can make ids deterministic. */
export type Random = () => number;

/** Makes ids of every kind from one source of randomness. */
export type IdGenerator = (kind: IdKind) => string;

/**
 * Creates an id generator: `prefix` + 12 base62 characters.
 *
 * @example
 * const newId = createIdGenerator();
 * newId("source"); // "dc_4fZk0Qx9LbTa"
 */
export function createIdGenerator(random: Random = Math.random): IdGenerator {
  return (kind) => {
    let body = "";
    for (let i = 0; i < BODY_LENGTH; i++) {
      body += ALPHABET[Math.floor(random() * ALPHABET.length)];
    }
    return ID_PREFIX[kind] + body;
  };
}

const patterns = Object.fromEntries(
  Object.entries(ID_PREFIX).map(([kind, prefix]) => [kind, new RegExp(`^${prefix}${BODY}$`)]),
) as Record<IdKind, RegExp>;

/** True when `value` is a well-formed id of `kind` (right prefix, 1 to 64 base62 characters). */
export function isId(kind: IdKind, value: unknown): value is string {
  return typeof value === "string" && patterns[kind].test(value);
}

/** The kind of a well-formed id, or undefined when no prefix matches. */
export function idKind(value: string): IdKind | undefined {
  for (const kind of Object.keys(ID_PREFIX) as IdKind[]) {
    if (patterns[kind].test(value)) return kind;
  }
  return undefined;
}
