/**
 * Limits the e2e web server runs with (playwright.config.ts passes them as environment variables).
 * The per-email login limit stays at the application's default so the rate-limit test can reach it;
 * the per-address limits are raised because every test signs up and signs in from 127.0.0.1.
 */
export const LOGIN_ATTEMPTS_PER_EMAIL = 10;
export const LOGIN_ATTEMPTS_PER_ADDRESS = 1000;
export const SIGNUP_ATTEMPTS_PER_ADDRESS = 1000;
