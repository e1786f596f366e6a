import { transform } from "esbuild";
import { ComponentError } from "./errors.js";

/**
 * Turns component code, ESM or CommonJS, into CommonJS the sandbox can evaluate. Only parses:
 * no component code runs here. A syntax error becomes a {@link ComponentError} naming the line.
 */
export async function toCommonJs(code: string): Promise<string> {
  try {
    const result = await transform(code, {
      format: "cjs",
      loader: "js",
      target: "node20",
      sourcefile: "component.js",
      logLevel: "silent",
    });
    return result.code;
  } catch (error) {
    const first = (error as { errors?: { text: string; location?: { line: number; column: number } }[] }).errors?.[0];
    if (!first) throw error;
    const where = first.location ? ` at line ${first.location.line}, column ${first.location.column + 1}` : "";
    throw new ComponentError("syntax", `The component code does not parse${where}: ${first.text}`);
  }
}
