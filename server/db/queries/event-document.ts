/**
 * The SQL expression of an event's JSON document (event_document(), migration
 * 021) for the events row `row` and the media URL prefix `mediaBase` (a
 * placeholder such as '$3'). The venue's title is passed in as a subquery
 * argument so PostgreSQL can inline the function into the calling statement:
 * a subquery inside the function's body would make every call plan it anew.
 * A venue in draft has no title here: what its owner types there is private
 * until published (the list functions of migration 032 say the same).
 */
export function eventDocument(row: string, mediaBase: string): string {
  return `event_document(${row}, ${mediaBase}, (SELECT v.title FROM events v WHERE v.id = ${row}.venue_id AND v.status <> 'draft'))`;
}
