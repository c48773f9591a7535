import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv, describeValidationError } from '../../core/validation/ajv.ts';

/**
 * Route schemas are compiled by the same ajv set-up the browser uses (src/core). Query
 * strings arrive as text, so they get a second instance that coerces types; bodies do not.
 */
export function registerValidation(app: FastifyInstance): void {
  const bodyAjv = createAjv();
  const queryAjv = createAjv({ coerceTypes: true });
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : queryAjv;
    const validate: ValidateFunction = ajv.compile(schema);
    return (data: unknown) => {
      if (validate(data)) return { value: data };
      const first = (validate.errors ?? [])[0] as ErrorObject;
      const error = Object.assign(new Error(describeValidationError(first)), {
        validation: validate.errors,
        statusCode: 400,
      });
      return { error };
    };
  });
  app.setSchemaErrorFormatter((errors) => new Error(describeValidationError(errors[0] as ErrorObject)));
}

export type RouteSchema = FastifySchema;
