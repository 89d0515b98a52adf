/** One changed field of an audit entry: as it was, as it became ('' when absent). */
export type TAuditChange = { field: string; before: string; after: string };

function show(value: unknown): string {
  if (value === undefined || value === null) {
    return '';
  }
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

/**
 * The fields an entry's write changed, in a stable order. Objects are compared field by
 * field (unchanged fields left out); anything else is one change named '' (a created or
 * deleted item, or a bare value).
 */
export function auditChanges(before: unknown, after: unknown): TAuditChange[] {
  const b = asRecord(before);
  const a = asRecord(after);
  if (!b && !a) {
    return show(before) === show(after) ? [] : [{ field: '', before: show(before), after: show(after) }];
  }
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields
    .map((field) => ({ field, before: show(b?.[field]), after: show(a?.[field]) }))
    .filter((change) => change.before !== change.after);
}
