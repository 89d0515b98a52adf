/** Where the app reads the time. Injected, so tests can move time instead of sleeping. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
