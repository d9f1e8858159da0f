/** The database rate limiter moved to the platform (decision 62): uploads and chat posts use it too. */
export * from "~/platform/attempt-limiter.server";
