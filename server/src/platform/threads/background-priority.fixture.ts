import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lowerThisThreadsPriority } from './background-priority.ts';

// A worker thread that lowers its own priority and reports its nice value as the kernel sees it.
lowerThisThreadsPriority();
const stat = readFileSync('/proc/thread-self/stat', 'utf8');
parentPort?.postMessage(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
