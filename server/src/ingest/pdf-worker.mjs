// Worker threads do not inherit tsx's module hooks from the main thread, so this plain
// JavaScript entry registers tsx and then loads the TypeScript worker. A compiled build
// would start pdf-worker.js directly (see pdf-worker-runner.ts).
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-worker.ts', import.meta.url);
