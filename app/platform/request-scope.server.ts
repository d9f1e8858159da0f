import { AsyncLocalStorage } from "node:async_hooks";

/** The request being served, for log lines written deep in a use case. */
export const requestScope = new AsyncLocalStorage<{ requestId: string }>();
