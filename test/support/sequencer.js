// The order jest runs test files in.
// - A file that runs work over every company (`useWholeDatabase()`, test/support/whole-database.ts)
//   runs alone: placed among the others, it first waits for the other worker's file to end, then
//   holds every later file of the other worker back while it runs. Those go first, one after
//   another, with unit files (which take no database lock) between them, so that the worker not
//   running a whole-database file has something to do.
// - The rest in jest's own order when it has timings of an earlier run (slowest first). Without
//   them (a fresh clone, as in CI) jest takes the largest files first, but a file that starts
//   processes of its own (a server on an embedded database, Chromium, the command line, the
//   compiler) or sends thousands of requests (the fuzz) is slow for its size: left to the end of
//   the run, one of them keeps one worker busy while the other has nothing left. Those go first.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const WHOLE_DATABASE = /^\s*useWholeDatabase\(\);/m;
const SLOW_FOR_SIZE = /node:child_process|support\/browser|support\/cli'|from '\.\/openapi-fuzz'/;

class WholeDatabaseThenSlowFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const timed = sorted.some((test) => test.duration != null);
    const whole = [];
    const unit = [];
    const slow = [];
    const rest = [];
    for (const test of sorted) {
      if (!test.path.endsWith('.e2e-spec.ts')) unit.push(test);
      else {
        const source = fs.readFileSync(test.path, 'utf8');
        if (WHOLE_DATABASE.test(source)) whole.push(test);
        else (!timed && SLOW_FOR_SIZE.test(source) ? slow : rest).push(test);
      }
    }
    // the unit files spread evenly between the whole-database files
    const interleaved = [];
    const share = Math.ceil(unit.length / Math.max(1, whole.length));
    whole.forEach((test, i) => interleaved.push(test, ...unit.slice(i * share, (i + 1) * share)));
    interleaved.push(...unit.slice(whole.length * share));
    return [...interleaved, ...slow, ...rest];
  }
}

module.exports = WholeDatabaseThenSlowFirst;
