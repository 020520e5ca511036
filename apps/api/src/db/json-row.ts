import { getTableColumns, type InferSelectModel, type Table } from 'drizzle-orm';

/**
 * A table's row as `to_jsonb(row)` gives it, turned into the row Drizzle's `select()` gives:
 * keys by column (snake_case → the schema's names), timestamps as `Date`. The other types this
 * is used for come through JSON as Drizzle gives them (text, uuid, integer, bigint as a number,
 * boolean, jsonb, arrays, a `date` as its string); a numeric column would not, so a table with
 * one is refused.
 */
export function rowFromJson<T extends Table>(table: T, json: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = json[column.name];
    if (value === null || value === undefined) row[key] = null;
    else if (column.columnType === 'PgTimestamp') row[key] = new Date(value as string);
    else if (column.columnType === 'PgNumeric') throw new Error(`rowFromJson: ${column.name}`);
    else row[key] = value;
  }
  return row as InferSelectModel<T>;
}
