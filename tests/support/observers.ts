import { createLogger } from "../../app/lib/platform/logger.server";
import { createMetrics } from "../../app/lib/platform/metrics.server";

/** What an API client or outbox under test logs and counts into: a silent logger, metrics of its own. */
export const observers = () => ({ logger: createLogger(undefined, "silent"), metrics: createMetrics() });
