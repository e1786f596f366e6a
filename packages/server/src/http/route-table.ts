import { endpoints } from "@tributary/api";

interface KnownPath {
  pattern: RegExp;
  methods: string[];
}

/** Paths of the API as patterns, with the methods each answers, to tell 405 from 404. */
const known: KnownPath[] = (() => {
  const byPath = new Map<string, string[]>();
  for (const endpoint of endpoints) {
    const path = endpoint.base === "v1" ? `/v1${endpoint.path}` : endpoint.path;
    byPath.set(path, [...(byPath.get(path) ?? []), endpoint.method.toUpperCase()]);
  }
  return [...byPath].map(([path, methods]) => ({
    pattern: new RegExp(
      `^${path
        .replace(/[.*+?^$()|[\]\\]/g, "\\$&")
        .replace(/\\\$/g, "\\$")
        .replace(/\{[^}]+\}/g, "[^/]+")}/?$`,
    ),
    methods,
  }));
})();

/** The methods a path answers, or undefined when no endpoint has that path. */
export function allowedMethods(pathname: string): string[] | undefined {
  const matches = known.filter((entry) => entry.pattern.test(pathname));
  // A literal segment beats a parameter: /components/registry/x is the registry route only.
  return matches.length === 0 ? undefined : [...new Set(matches.flatMap((entry) => entry.methods))];
}
