/** UUIDs in PostgreSQL's order: their bytes, which is their lower-case text's order. */
export function compareUuids(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
