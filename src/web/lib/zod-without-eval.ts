/**
 * Zod compiles object parsers with `new Function` unless told not to, and probes for it first; the
 * Content-Security-Policy forbids eval (no 'unsafe-eval'), so the probe logged a CSP violation (Lighthouse
 * best practices: "Issues logged in the Issues panel"). Imported first by main.tsx, before any schema exists.
 * It sets zod's `jitless` option through the global object zod keeps its configuration in
 * (`globalThis.__zod_globalConfig`, what `z.config()` writes), so the entry chunk carries no zod code.
 * The interpreted parser is plenty fast for form-sized input. tests/e2e/web-performance.spec.ts checks that
 * pages log no CSP violation.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

export {};
