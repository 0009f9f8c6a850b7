// `npm run dev`: the API with reload on change, and the web app with hot reload (it proxies /api).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';

const env = { ...process.env };
if (env.DATABASE_URL && !env.JWT_SECRET) {
  // The server asks for a shared secret on PostgreSQL; one dev process can make its own, which
  // holds across reloads but not across runs of this script.
  env.JWT_SECRET = randomBytes(48).toString('base64url');
  console.log(
    'JWT_SECRET is not set: sessions last until `npm run dev` stops. Set it to keep them.',
  );
}

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@furrow/server'], { stdio: 'inherit', env }),
  spawn('npm', ['run', 'dev', '--workspace', '@furrow/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
