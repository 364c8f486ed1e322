/**
 * A named step boundary of a pass. When the environment names it in `REGISTRES_CRASH_AT`, the process kills
 * itself there with SIGKILL (no handler, no flush), as a power cut or an OOM kill would: the crash tests run a
 * pass in a child process once per boundary and prove that the next pass misreads nothing.
 */
export function crashPoint(name: string): void {
  if (process.env.REGISTRES_CRASH_AT === name) process.kill(process.pid, 'SIGKILL');
}
