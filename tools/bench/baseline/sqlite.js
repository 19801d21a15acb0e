/** better-sqlite3 13 on Node 22 and later, 12 (the `better-sqlite3-node20` alias) on Node 20, as Curbside loads it. */
function openSqlite(path, options) {
  const Database = require(Number(process.versions.node.split('.')[0]) >= 22 ? 'better-sqlite3' : 'better-sqlite3-node20');
  return new Database(path, options);
}

module.exports = { openSqlite };
