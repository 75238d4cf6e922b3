// The order jest runs test files in when it has no timings of an earlier run (a fresh clone, as in
// CI): jest then takes the largest files first, but a file that starts processes of its own (a
// server on an embedded database, Chromium, the command line, the compiler) is slow for its size.
// Left to the end of the run, one of them keeps one worker busy while the other has nothing left:
// those go first. With timings (a second run on the same machine) jest's own order applies.
const fs = require('node:fs');
const Sequencer = require('@jest/test-sequencer').default;

const STARTS_PROCESSES = /node:child_process|support\/browser|support\/cli'/;

class StartProcessesFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    if (sorted.some((test) => test.duration != null)) return sorted;
    const first = [];
    const rest = [];
    for (const test of sorted) (STARTS_PROCESSES.test(fs.readFileSync(test.path, 'utf8')) ? first : rest).push(test);
    return [...first, ...rest];
  }
}

module.exports = StartProcessesFirst;
