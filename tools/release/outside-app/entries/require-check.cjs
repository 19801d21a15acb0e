// Every entry point as CommonJS code sees it: `require` of each, in a folder holding only the packages and what they declare.
const entries = ['@curbside/contract', '@curbside/domain', '@curbside/messages', '@curbside/codecs', '@curbside/auth', '@curbside/auth/resource-server', '@curbside/client'];
const loaded = entries.map((entry) => [entry, Object.keys(require(entry)).length]);
const empty = loaded.filter(([, count]) => count === 0);
if (empty.length > 0) throw new Error(`entries without exports: ${empty.map(([entry]) => entry).join(', ')}`);
console.log(JSON.stringify(Object.fromEntries(loaded)));
