/**
 * Plain-text tables: the first column aligned left, the others right (numbers) or left (text).
 */

/** Lays out `rows` in columns two spaces apart, each line prefixed with `indent`. */
export function formatTable(
  rows: readonly (readonly string[])[],
  { align = "right", indent = "  " }: { align?: "left" | "right"; indent?: string } = {},
): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, column) => {
      widths[column] = Math.max(widths[column] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) => {
      const cells = row.map((cell, column) =>
        column === 0 || align === "left" ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
      );
      return (indent + cells.join("  ")).trimEnd();
    })
    .join("\n");
}
