import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const serverRoot = fileURLToPath(new URL('../..', import.meta.url));

/** tsx compiling the whole server on two busy cores: slow, so generous. */
const START_TIMEOUT_MS = 90_000;

export interface ServerProcess {
  /** `http://127.0.0.1:<port>`, the port the process chose. */
  url: string;
  pid: number;
  /** Every line the process wrote, for the failure message of a test that went wrong. */
  output: string[];
  /** Resolves when the process has ended, with its exit code or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** The whole process at once, with no chance to finish anything: a power cut. */
  crash(): Promise<void>;
  /** SIGTERM, as an orchestrator stops it, and waits until it has closed. */
  stop(): Promise<void>;
}

const started = new Set<ServerProcess>();

/**
 * `src/main.ts` run by tsx as a process of its own, as `npm start` runs the built one: its own port
 * (chosen by the system), the environment given and nothing inherited but PATH and HOME, so that a
 * developer's DATABASE_URL or REDIS_URL never leaks in.
 */
export async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '',
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      LOG_LEVEL: 'info',
      DEMO_DATA: 'false',
      WEB_DIST: '/nonexistent',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`server did not start in ${START_TIMEOUT_MS} ms:\n${output.join('\n')}`));
    }, START_TIMEOUT_MS);
    const collect = (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\n')) {
        if (!line) continue;
        output.push(line);
        const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(line);
        if (listening?.[1]) {
          clearTimeout(timer);
          resolve(listening[1]);
        }
      }
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    void exited.then((how) => {
      clearTimeout(timer);
      reject(new Error(`server ended (${String(how)}) before listening:\n${output.join('\n')}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const server: ServerProcess = {
    url,
    pid: child.pid ?? 0,
    output,
    exited,
    async crash() {
      signal(child, 'SIGKILL');
      await exited;
      started.delete(server);
    },
    async stop() {
      signal(child, 'SIGTERM');
      const stopped = await Promise.race([exited, sleep(15_000).then(() => 'timeout' as const)]);
      if (stopped === 'timeout') {
        signal(child, 'SIGKILL');
        await exited;
        throw new Error(`server did not stop in 15 s on SIGTERM:\n${output.join('\n')}`);
      }
      started.delete(server);
    },
  };
  started.add(server);
  return server;
}

function signal(child: ChildProcess, name: NodeJS.Signals): void {
  if (child.exitCode === null && child.signalCode === null) child.kill(name);
}

/** For `afterAll`: ends every server a test started and left running (a failed test's). */
export async function killStartedServers(): Promise<void> {
  await Promise.all([...started].map((server) => server.crash()));
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it answers true or `timeoutMs` passes; answers whether it did. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  everyMs = 200,
): Promise<boolean> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > until) return false;
    await sleep(everyMs);
  }
}
