/** The PostgreSQL pool's gauges (contract §2): connections in use and idle, and requests waiting for one. */
import type { Db } from '../db/client.ts';
import { gaugeSource } from './metrics.ts';

export function exportPoolMetrics(db: Db): void {
  const stats = db.poolStats?.bind(db);
  if (!stats) return; // PGlite: no pool
  gaugeSource('db_pool_connections_in_use', 'PostgreSQL connections checked out of the pool.', () => {
    const { total, idle } = stats();
    return total - idle;
  });
  gaugeSource('db_pool_connections_idle', 'PostgreSQL connections open and idle in the pool.', () => stats().idle);
  gaugeSource('db_pool_waiting_requests', 'Queries waiting for a free PostgreSQL connection.', () => stats().waiting);
}
