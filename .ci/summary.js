// Reads jest --json result files and prints one closing line: "N passed, N failed".
const fs = require('fs');

let passed = 0;
let failed = 0;
let suitesFailed = 0;
for (const file of process.argv.slice(2)) {
  const r = JSON.parse(fs.readFileSync(file, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  suitesFailed += r.numFailedTestSuites;
  console.log(
    `${file}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numTotalTestSuites} suites (${r.numFailedTestSuites} failed)`,
  );
}
console.log(`${passed} passed, ${failed + suitesFailed} failed`);
process.exit(failed + suitesFailed > 0 || passed === 0 ? 1 : 0);
