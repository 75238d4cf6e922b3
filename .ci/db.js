// Creates or drops a database on the machine's PostgreSQL (used by .ci/run; no psql needed).
// `create NAME --ci` also turns off synchronous commit for that database only: a test database
// thrown away after the run needs no commit to survive a crash of PostgreSQL, and waiting for
// each commit's WAL flush would otherwise add the disk's fsync latency to every write.
const { Client } = require('pg');

async function main() {
  const [action, name, flag] = process.argv.slice(2);
  if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name || '') || (flag !== undefined && flag !== '--ci')) {
    console.error('usage: node .ci/db.js create|drop <database_name> [--ci]');
    process.exit(2);
  }
  const admin = process.env.PG_ADMIN_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    if (action === 'create') {
      await client.query(`CREATE DATABASE ${name}`);
      if (flag === '--ci') await client.query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
    } else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(`.ci/db.js: ${err.message}`);
  process.exit(1);
});
