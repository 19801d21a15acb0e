// Pure suites (no database, no process, no server): one worker. A second costs its own start and loading
// while nx already runs another project beside this one on the other core.
module.exports = require('../../jest.preset.js')(__dirname, { maxWorkers: 1 });
