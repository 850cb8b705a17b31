import { sql, type Kysely } from 'kysely';

/**
 * Live workers and the jobs they hold. pg-boss 10 has no heartbeat: a job whose
 * worker was killed stayed active until its expiry (300 s). Each worker now has a row it touches
 * every few seconds (`seen_at`) and claims each job it starts; a process that finds a worker gone
 * (silent too long, or a dead pid on its own host) hands that worker's jobs back to the queue.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_workers')
    .addColumn('id', 'text', (column) => column.primaryKey())
    .addColumn('host', 'text', (column) => column.notNull())
    .addColumn('pid', 'integer', (column) => column.notNull())
    .addColumn('started_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .addColumn('seen_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('job_claims')
    .addColumn('job_id', 'uuid', (column) => column.primaryKey())
    .addColumn('queue', 'text', (column) => column.notNull())
    .addColumn('worker_id', 'text', (column) => column.notNull().references('job_workers.id').onDelete('cascade'))
    .addColumn('claimed_at', 'timestamptz', (column) => column.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('job_claims_worker_id_idx').on('job_claims').column('worker_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('job_claims').execute();
  await db.schema.dropTable('job_workers').execute();
}
