import { resetSegmenter } from '../search/segmenter.ts';

/**
 * Runs before each server test file. The files share their worker process (vitest.config.ts
 * `isolate: false`: importing the server afresh for every file cost more time than the tests),
 * so state a module keeps for the life of a process is put back as a new process has it. The
 * segmenter's user words are the one such state that changes results; the other module-level
 * maps are caches of pure functions.
 */
resetSegmenter();
