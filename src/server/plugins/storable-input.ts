import type { Multipart } from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldPath, findUnstorableInput, unstorableText } from '../../core/validation/storable-input.ts';
import { badRequest } from '../errors.ts';

function refuseUnstorable(value: unknown, root: string, whole: string): void {
  const problem = findUnstorableInput(value, root);
  if (problem) throw badRequest(problem.field || whole, problem.message);
}

/** A multipart part is read by its route, so it is checked as the route reads it. */
function refuseUnstorablePart(part: Multipart): void {
  const field = fieldPath('', part.fieldname);
  const inName = unstorableText(part.fieldname);
  const inFileName = part.type === 'file' ? unstorableText(part.filename) : null;
  // A refused file is drained, so the rest of the request can still be read to the end.
  if ((inName || inFileName) && part.type === 'file') part.file.resume();
  if (inName) throw badRequest(field, `must not contain ${inName} in its name`);
  if (inFileName) throw badRequest(field, `must not contain ${inFileName} in its file name`);
  if (part.type === 'field') refuseUnstorable(part.value, field, field);
}

async function* checkedParts<T extends Multipart>(parts: AsyncIterable<T>): AsyncGenerator<T> {
  for await (const part of parts) {
    refuseUnstorablePart(part);
    yield part;
  }
}

/** The multipart reader's own methods on this request, with every part checked as it arrives. */
function checkPartsAsRead(request: FastifyRequest): void {
  const { parts, file, files } = request;
  request.parts = (options) => checkedParts(parts.call(request, options));
  request.files = (options) => checkedParts(files.call(request, options));
  request.file = async (options) => {
    const part = await file.call(request, options);
    if (part) refuseUnstorablePart(part);
    return part;
  };
}

/**
 * Every request's input is refused with a 400 naming the field when a database could not store
 * it alike (see core/validation/storable-input.ts): the body as parsed, the query string and the
 * route's parameters, before any schema or handler sees them, on public routes and routes
 * without a schema too; multipart fields and file names as the route reads them.
 */
export function registerStorableInput(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // Copied: the query parser's dictionaries have a prototype of their own, not a plain object's.
    refuseUnstorable({ ...(request.params as object) }, '', 'params');
    refuseUnstorable({ ...(request.query as object) }, '', 'query');
    refuseUnstorable(request.body, '', 'body');
    // Only routes under the multipart plugin have its methods.
    if (typeof request.isMultipart === 'function' && request.isMultipart()) checkPartsAsRead(request);
  });
}
