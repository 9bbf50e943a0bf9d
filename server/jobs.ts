import type { Config } from '#app/.server/config.ts';
import type { JobLog } from '#app/.server/jobs/run-job.ts';

/** The runner's log lines (failed tries, claim errors) as the request log writes: JSON lines, none when silent. */
export function jobLog(config: Pick<Config, 'LOG_LEVEL'>): JobLog {
  if (config.LOG_LEVEL === 'silent') return () => {};
  return (line) => {
    const out = line.level === 'error' || line.level === 'warn' ? process.stderr : process.stdout;
    out.write(JSON.stringify(line) + '\n');
  };
}
