/**
 * A column of numbers by document number (catalogue-contents.ts) long enough to hold entry `no`:
 * `column` itself when it already is, else a copy at least twice as long (so adding documents one by one copies
 * each column only a logarithmic number of times).
 */
export function fitColumn<C extends Int32Array | Uint32Array>(column: C, no: number): C {
  if (no < column.length) return column;
  const grown = new (column.constructor as new (length: number) => C)(Math.max(no + 1, column.length * 2));
  grown.set(column);
  return grown;
}
