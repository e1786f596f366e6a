/** The `include` / `exclude` parameters of a request. */
export interface FieldSelection {
  include?: string | undefined;
  exclude?: string | undefined;
}

const split = (list: string) =>
  new Set(
    list
      .split(",")
      .map((field) => field.trim())
      .filter(Boolean),
  );

/**
 * Returns a function that keeps the `include`d top-level fields of a resource (all when absent)
 * and drops the `exclude`d ones. Unknown field names are ignored.
 */
export function fieldSelector(selection: FieldSelection): (<T>(item: T) => T) | undefined {
  const include = selection.include ? split(selection.include) : undefined;
  const exclude = selection.exclude ? split(selection.exclude) : undefined;
  if (!include && !exclude) return undefined;
  return <T>(item: T): T => {
    if (item === null || typeof item !== "object" || Array.isArray(item)) return item;
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(item)) {
      if ((!include || include.has(key)) && !exclude?.has(key)) out[key] = value;
    }
    return out as T;
  };
}
