/**
 * Fastify's `childLoggerFactory`: each request's `request.log` makes its pino child — the logger
 * with the request id bound — only when the request first logs. Most requests log nothing (app.ts writes a
 * line per write, failure or slow request), and building a pino child for every request was a measurable share
 * of a cached read's server CPU (docs/performance.md). What is logged is unchanged: same bindings, same options, same redaction.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bindings, ChildLoggerOptions, LevelWithSilentOrString } from 'pino';

type LogFn = FastifyBaseLogger['info'];

class LazyChildLogger {
  #child: FastifyBaseLogger | undefined;
  readonly #parent: FastifyBaseLogger;
  readonly #bindings: Bindings;
  readonly #options: ChildLoggerOptions;

  constructor(parent: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions) {
    this.#parent = parent;
    this.#bindings = bindings;
    this.#options = options;
  }

  /** The pino child, made on first use. */
  #logger(): FastifyBaseLogger {
    return (this.#child ??= this.#parent.child(this.#bindings, this.#options));
  }

  get level(): LevelWithSilentOrString {
    return this.#child?.level ?? this.#parent.level;
  }

  set level(level: LevelWithSilentOrString) {
    this.#logger().level = level;
  }

  fatal(...args: Parameters<LogFn>): void {
    this.#logger().fatal(...args);
  }
  error(...args: Parameters<LogFn>): void {
    this.#logger().error(...args);
  }
  warn(...args: Parameters<LogFn>): void {
    this.#logger().warn(...args);
  }
  info(...args: Parameters<LogFn>): void {
    this.#logger().info(...args);
  }
  debug(...args: Parameters<LogFn>): void {
    this.#logger().debug(...args);
  }
  trace(...args: Parameters<LogFn>): void {
    this.#logger().trace(...args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.#logger().child(bindings, options);
  }
}

/** Returns a LazyChildLogger in place of `logger.child(bindings, options)`. */
export const lazyChildLogger = (logger: FastifyBaseLogger, bindings: Bindings, options: ChildLoggerOptions): FastifyBaseLogger =>
  new LazyChildLogger(logger, bindings, options) as unknown as FastifyBaseLogger;
