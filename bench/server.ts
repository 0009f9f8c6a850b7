// Starts the built server in a child process and reads its memory, for the benchmarks.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { serverProcess } from '../scripts/server-process.mjs';

export interface RunningServer {
  process: ChildProcess;
  base: string;
  /** From spawning the process to the first 200 on /api/health. */
  coldStartMs: number;
  /** The CPU time the process used until then: what the start costs whatever else the machine runs. */
  coldStartCpuMs: number;
  stop(): Promise<void>;
}

// `SERVER_MAIN` points the benchmarks at another build of the server, to compare before and after.
const main =
  process.env.SERVER_MAIN || new URL('../apps/server/dist/main.js', import.meta.url).pathname;

export async function startServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<RunningServer> {
  const base = `http://127.0.0.1:${options.port}`;
  // Another server already on the port would answer the health check at once, and the numbers
  // would be its answers timed against this process's memory.
  const occupied = await fetch(`${base}/api/health`).then(
    () => true,
    () => false,
  );
  if (occupied) throw new Error(`port ${options.port} is taken: set BENCH_PORT to a free one`);
  // On PostgreSQL the server needs JWT_SECRET; one process, so any secret will do.
  const secret = process.env.DATABASE_URL
    ? { JWT_SECRET: randomBytes(48).toString('base64url') }
    : {};
  const started = performance.now();
  // As `npm start` runs it.
  const { execArgv, env } = serverProcess({ ...secret, ...process.env });
  const child = spawn(process.execPath, [...execArgv, main], {
    env: {
      ...env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      HOST: '127.0.0.1',
      DATA_DIR: options.dataDir,
      LOG_LEVEL: 'warn',
      ...options.env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let attempt = 0; ; attempt++) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (attempt > 2_400) throw new Error('the server did not start within two minutes');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    process: child,
    base,
    coldStartMs: performance.now() - started,
    coldStartCpuMs: cpuMs(child.pid),
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** Resident memory of a process in bytes, from /proc (Linux); 0 where there is none. */
export function rssBytes(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
    return kb ? Number(kb) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** User and system CPU time a process has used, in ms, from /proc (Linux); 0 where there is none. */
export function cpuMs(pid: number | undefined): number {
  if (pid === undefined) return 0;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const ticks = Number(fields[11]) + Number(fields[12]);
    // The kernel counts in clock ticks of 10 ms (USER_HZ is 100 on Linux).
    return Number.isFinite(ticks) ? ticks * 10 : 0;
  } catch {
    return 0;
  }
}

/** Samples a process's RSS every 100 ms until stopped; returns the highest seen. */
export function watchPeakRss(pid: number | undefined): () => number {
  let peak = rssBytes(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid));
  }, 100);
  return () => {
    clearInterval(timer);
    return Math.max(peak, rssBytes(pid));
  };
}

/**
 * Waits until a process has used less than a tenth of a core for a whole second: after a first
 * start, the server draws the demo's pictures in the background for tens of seconds, and whatever
 * is measured meanwhile shares the machine with it. Gives up after `limitMs`.
 */
export async function waitUntilIdle(pid: number | undefined, limitMs = 90_000): Promise<void> {
  const until = performance.now() + limitMs;
  let before = cpuMs(pid);
  while (performance.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const now = cpuMs(pid);
    if (now - before < 100) return;
    before = now;
  }
}
