// Creates or drops a database on the machine's PostgreSQL (used by .ci/run; no psql needed).
const { Client } = require('pg');

async function main() {
  const [action, name] = process.argv.slice(2);
  if (!['create', 'drop'].includes(action) || !/^[a-z0-9_]+$/.test(name || '')) {
    console.error('usage: node .ci/db.js create|drop <database_name>');
    process.exit(2);
  }
  const admin = process.env.PG_ADMIN_URL || 'postgresql://postgres@127.0.0.1:5432/postgres';
  const client = new Client({ connectionString: admin });
  await client.connect();
  try {
    if (action === 'create') await client.query(`CREATE DATABASE ${name}`);
    else await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

main().catch((err) => {
  console.error(`.ci/db.js: ${err.message}`);
  process.exit(1);
});
