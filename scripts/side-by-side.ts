// `npm test`'s first step: runs the named npm scripts at the same time and fails if any fails.
// ESLint and tsc each keep one core busy; one after the other, they left the second core idle for
// about a minute of every run. Each script's output is printed whole when it ends, so the lines of
// two scripts never interleave.
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error('usage: node scripts/side-by-side.ts <npm script>...');
  process.exit(2);
}

const codes = await Promise.all(names.map((name) => new Promise<number>((done) => {
  const started = Date.now();
  const output: Buffer[] = [];
  const child = spawn('npm', ['run', name], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
  child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
  child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
  child.on('close', (code, signal) => {
    const result = code ?? (signal ? 1 : 0);
    process.stdout.write(Buffer.concat(output));
    console.log(`── npm run ${name}: ${result === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
    done(result);
  });
})));

process.exit(codes.find((code) => code !== 0) ?? 0);
