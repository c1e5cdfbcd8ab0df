/** Milliseconds since the epoch; tests pass their own to move time. */
export type Clock = () => number;
export const systemClock: Clock = () => Date.now();
export const isoAt = (clock: Clock) => new Date(clock()).toISOString();
