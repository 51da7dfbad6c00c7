/**
 * A 412 conflict resolved field by field: "keep mine" sends the user's value
 * again (against the server's current version); "take theirs" drops the field,
 * since the server already holds it. Fields not chosen default to mine.
 */
export function resolveConflictFields(
  mine: Readonly<Record<string, unknown>>,
  choice: Readonly<Record<string, 'mine' | 'theirs'>>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(mine).filter(([name]) => choice[name] !== 'theirs'));
}
