import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = new URL('../..', import.meta.url).pathname;

/** A command started in a process group of its own, its output going to a log file. */
export type Launched = {
  child: ChildProcess;
  /** The process id, which is also the process group id. */
  pid: number;
  log(): string;
};

/**
 * Starts `command` detached, so it leads a new process group: what it starts (npm's shell, node,
 * cluster workers) stays in that group, and the group can be listed and signalled as a whole.
 */
export function launch(
  command: string,
  args: string[],
  env: Record<string, string>,
  logFile: string,
): Launched {
  const fd = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  if (child.pid === undefined) {
    throw new Error(`${command} did not start`);
  }
  return { child, pid: child.pid, log: () => readFileSync(logFile, 'utf8') };
}

type ProcStat = { pid: number; ppid: number; pgid: number; state: string };

function readStat(pid: string): ProcStat | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name sits in parentheses and may hold spaces; the fields after it are fixed.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), state: fields[0] ?? '?', ppid: Number(fields[1]), pgid: Number(fields[2]) };
  } catch {
    return null; // gone meanwhile
  }
}

function allProcesses(): ProcStat[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readStat)
    .filter((p): p is ProcStat => p !== null);
}

/** Live processes (zombies left out: they have exited) of process group `pgid`. */
export function groupMembers(pgid: number): ProcStat[] {
  return allProcesses().filter((p) => p.pgid === pgid && p.state !== 'Z');
}

/** Live children of `pid`. */
export function childrenOf(pid: number): ProcStat[] {
  return allProcesses().filter((p) => p.ppid === pid && p.state !== 'Z');
}

/** The command line of a process, for messages. */
export function commandOf(pid: number): string {
  try {
    return readFileSync(join('/proc', String(pid), 'cmdline'), 'utf8')
      .split('\0')
      .join(' ')
      .trim();
  } catch {
    return '(gone)';
  }
}

/** Waits until `check` returns true; returns how long that took, or throws after `timeoutMs`. */
export async function waitFor(
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) {
      return Date.now() - started;
    }
    if (Date.now() - started > timeoutMs) {
      throw new Error(`${what}: not within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Kills whatever is left of a group (test clean-up after a failure). */
export function killGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // nothing left
  }
}
