import pg from "pg";

/**
 * Creates the bench's own database on the local PostgreSQL when missing (never the test suite's `test`) and points
 * TEST_DATABASE_URL at it: persistentDatabaseTarget("postgres") then makes a throw-away schema there.
 */
export async function ensureBenchDatabase(url: string, bench: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  if (name === "test") throw new Error(`${bench} ne tourne jamais sur la base test`);
  const admin = new pg.Client({ connectionString: new URL("/postgres", url).toString() });
  await admin.connect();
  try {
    const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
    if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  process.env.TEST_DATABASE_URL = url;
}
