// The machine, versions and time of a benchmark run, and where its results are written.
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { cpus, freemem, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';

const resultsDir = new URL('./results', import.meta.url).pathname;

function gitCommit(): string {
  try {
    return execSync('git rev-parse --short HEAD', { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function machineReport(extra: Record<string, string> = {}): string {
  const cpu = cpus();
  const rows: Record<string, string> = {
    date: new Date().toISOString(),
    commit: gitCommit(),
    CPU: `${cpu.length} × ${cpu[0]?.model ?? 'unknown'}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GB (${(freemem() / 2 ** 30).toFixed(1)} GB free)`,
    'load average at start': loadavg()
      .map((value) => value.toFixed(1))
      .join(', '),
    Node: process.version,
    ...extra,
  };
  return [
    '| | |',
    '|---|---|',
    ...Object.entries(rows).map(([key, value]) => `| ${key} | ${value} |`),
  ].join('\n');
}

/** Writes `bench/results/<name>-<date>.md` and returns its path. */
export function writeResults(name: string, markdown: string): string {
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().slice(0, 16).replace(/[:T]/g, '-');
  const path = join(resultsDir, `${name}-${stamp}.md`);
  writeFileSync(path, `${markdown}\n`);
  return path;
}
