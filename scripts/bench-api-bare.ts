// The yardstick of `npm run bench:api`: a bare Fastify route doing one primary-key query on the database the
// server uses, with the same pool size and nothing else (no cipher, no session, no validation, no logging).
// Started by bench-api.ts with BENCH_DATABASE_URL, BENCH_PORT and BENCH_USER_ID.
import Fastify from 'fastify';
import pg from 'pg';
import { POOL_SIZE } from '../apps/server/src/db/postgres.ts';

const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: POOL_SIZE });
const userId = process.env.BENCH_USER_ID;
const app = Fastify({ logger: false });

app.get('/bare', async () => {
  const { rows } = await pool.query('select user_id, mobile from users where user_id = $1', [userId]);
  return { code: 0, msg: 'Success', data: rows[0] ?? null };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT) });
process.once('SIGTERM', () => {
  void app.close().then(() => pool.end().then(() => process.exit(0)));
});
