/** SQL for issue_reports: reports sent through the issue form (routes/issues.ts). */
import type { Queryable } from '../client.ts';

export async function insertIssueReport(
  db: Queryable,
  report: { userId: number | null; email: string | null; message: string; createdAt: Date },
): Promise<number> {
  const inserted = await db.query<{ id: number }>(
    'INSERT INTO issue_reports (user_id, email, message, created_at) VALUES ($1, $2, $3, $4) RETURNING id::int AS id',
    [report.userId, report.email, report.message, report.createdAt],
  );
  return inserted.rows[0]!.id;
}
