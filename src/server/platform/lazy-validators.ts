import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyRouteSchemaDef, FastifySchemaCompiler } from 'fastify/types/schema.js';

type Validate = ReturnType<FastifySchemaCompiler<unknown>>;
type BuildValidator = (externalSchemas: Record<string, unknown>, ajvOptions: unknown) => FastifySchemaCompiler<unknown>;

/**
 * Fastify's own validators (the same Ajv, options and schemas), each compiled when its route part first validates
 * instead of all ~1,000 at start, where they took a second of every restart; `compileRest` compiles the ones not yet
 * used once the server listens, a few at a time between requests, so a schema Ajv rejects still shows at start (in
 * the log), not at the first request that meets it.
 */
export function lazyValidators() {
  const pending = new Set<() => void>();
  const build = AjvCompiler() as unknown as BuildValidator;
  const buildValidator: BuildValidator = (externalSchemas, ajvOptions) => {
    const compile = build(externalSchemas, ajvOptions);
    return (route: FastifyRouteSchemaDef<unknown>) => {
      let validate: Validate | undefined;
      const compileNow = () => {
        validate ??= compile(route);
        pending.delete(compileNow);
        return validate;
      };
      pending.add(compileNow);
      const lazy = function (this: unknown, ...args: unknown[]) {
        return (compileNow() as (...a: unknown[]) => unknown).apply(this, args);
      } as Validate;
      // Fastify reads a failed validation's reasons from the function's `errors`, as Ajv leaves them.
      Object.defineProperty(lazy, 'errors', { get: () => (validate as { errors?: unknown } | undefined)?.errors });
      return lazy;
    };
  };
  const compileRest = (onError: (error: unknown) => void) =>
    new Promise<void>((done) => {
      const step = () => {
        const batch = [...pending].slice(0, 20);
        if (!batch.length) return done();
        for (const compileNow of batch) {
          try {
            compileNow();
          } catch (error) {
            pending.delete(compileNow);
            onError(error);
          }
        }
        setImmediate(step);
      };
      setImmediate(step);
    });
  // Typed by the Ajv compiler's own declaration, which names Ajv's compile signature rather than Fastify's route one.
  return { buildValidator: buildValidator as unknown as ReturnType<typeof AjvCompiler>, compileRest };
}
