// Prints the slowest test files of a run from the JSON reports Vitest and Playwright wrote
// (.ci/run passes their paths), with their seconds: where the next speed-up is to be found.
import { readFile } from 'node:fs/promises';
import path from 'node:path';

const [count = '15', ...reports] = process.argv.slice(2);

/** Vitest's report: a result per file, with its start and end. */
function vitestFiles(report, label) {
  return report.testResults.map((file) => ({
    file: path.relative(process.cwd(), file.name),
    seconds: (file.endTime - file.startTime) / 1000,
    label,
  }));
}

/** Playwright's report: suites per spec file, each test's runs with their durations. */
function playwrightFiles(report, label) {
  return report.suites.map((suite) => {
    let ms = 0;
    const visit = (node) => {
      for (const spec of node.specs ?? [])
        for (const test of spec.tests) for (const result of test.results) ms += result.duration;
      for (const child of node.suites ?? []) visit(child);
    };
    visit(suite);
    return { file: path.join('e2e', suite.file), seconds: ms / 1000, label };
  });
}

const files = [];
for (const report of reports) {
  const label = path.basename(report, '.json');
  const parsed = JSON.parse(await readFile(report, 'utf8').catch(() => 'null'));
  if (!parsed) continue;
  files.push(...(parsed.testResults ? vitestFiles(parsed, label) : playwrightFiles(parsed, label)));
}
files.sort((a, b) => b.seconds - a.seconds);
for (const { file, seconds, label } of files.slice(0, Number(count)))
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${label.padEnd(6)} ${file}`);
