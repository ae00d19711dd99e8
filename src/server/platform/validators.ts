import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify';
import { buildSerializer } from './response-schemas.ts';

type Compile = FastifySchemaCompiler<unknown>;
// ValidatorFactory's declared type is a union over Ajv's JTD mode, which Fastify never uses here.
type BuildValidator = (externalSchemas: unknown, options: unknown) => Compile;

const fastifyAjv = AjvCompiler() as unknown as BuildValidator;

/** The server's Ajv options (app.ts): a parameter's schema lists the JSON types it takes in one keyword (Param). */
export const AJV_OPTIONS = { customOptions: { allowUnionTypes: true } };

const compiledShapes = new Map<string, ReturnType<Compile>>();

/**
 * Fastify's own Ajv compiler, compiling each schema shape once per process. Fastify compiles every route's schemas
 * apart, and ~500 routes share a few dozen shapes (the entity engine's list, detail, remove and submit inputs):
 * compiled per route they were a quarter of a restart. A shape is its JSON; Ajv reads nothing else of it. Apps of one
 * process with the same Ajv options and shared schemas (a test worker starts one per file) reuse each other's
 * validators: compiling them again was a third of a test app's start.
 * (Routes here declare no header schemas, which Fastify would lower-case only for its default compiler.)
 */
function shapeCompiler(externalSchemas: unknown, options: unknown): Compile {
  const compile = fastifyAjv(externalSchemas, options);
  // Ajv's plugins are functions, which JSON leaves out: every app here installs the same ones (none).
  const settings = JSON.stringify([externalSchemas, options]);
  return (route) => {
    const shape = `${settings}\n${JSON.stringify(route.schema)}`;
    let validate = compiledShapes.get(shape);
    if (!validate) {
      validate = compile(route);
      compiledShapes.set(shape, validate);
    }
    return validate;
  };
}

/** Inputs checked outside Fastify's routing (a live entity's recorded routes) as a routed one is checked. */
export const compileShape: Compile = shapeCompiler({}, AJV_OPTIONS);

export const buildValidatorOnce: BuildValidator = (externalSchemas, options) => {
  const compiled = shapeCompiler(externalSchemas, options);
  // Compiled at a route's first request, not at the start: a start compiled every shape (0.9 s of a 3 s start),
  // most of which a process never meets. Fastify reads `errors` off the function it was given after a call.
  return (route) => {
    let validate: ReturnType<Compile> | undefined;
    const lazy: ReturnType<Compile> = (data: unknown) => {
      validate ??= compiled(route);
      const valid = validate(data);
      lazy.errors = validate.errors;
      return valid;
    };
    return lazy;
  };
};

/** The server option that installs it. */
export const schemaController: FastifyServerOptions['schemaController'] = {
  compilersFactory: {
    buildValidator: buildValidatorOnce as unknown as ValidatorFactory,
    // Answers are sent as the handlers return them (response-schemas.ts).
    buildSerializer,
  },
};
