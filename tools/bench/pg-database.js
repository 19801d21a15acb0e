'use strict';
const { Client } = require('pg');

/** Databases of the PostgreSQL server of `serverUrl`, by name: their URLs, and work on one connection to one of them. */
function databasesOn(serverUrl) {
  const urlOf = (database) => Object.assign(new URL(serverUrl), { pathname: `/${database}` }).toString();
  async function onDatabase(database, work) {
    const client = new Client({ connectionString: urlOf(database) });
    await client.connect();
    try {
      return await work(client);
    } finally {
      await client.end();
    }
  }
  return { urlOf, onDatabase };
}

module.exports = { databasesOn };
