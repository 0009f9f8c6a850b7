// `npm run dev`: the API with reload on change, and the web app with hot reload (it proxies /api).
import { spawn } from 'node:child_process';

const children = [
  spawn('npm', ['run', 'dev', '--workspace', '@furrow/server'], { stdio: 'inherit' }),
  spawn('npm', ['run', 'dev', '--workspace', '@furrow/web'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
