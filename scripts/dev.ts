// `npm run dev`: the reference server (API + demo library) and Vite's dev server side by side.
// Vite proxies /api to the reference server, so the session cookie stays same-origin.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];

function run(command: string, args: string[]) {
  const child = spawn(command, args, { stdio: 'inherit', env: process.env });
  child.on('exit', (code) => {
    for (const other of children) if (other !== child) other.kill('SIGTERM');
    process.exit(code ?? 0);
  });
  children.push(child);
}

run('npx', ['tsx', 'server/main.ts']);
run('npx', ['vite']);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });
}
