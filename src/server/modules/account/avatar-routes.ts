import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_PATHS } from '../../../core/contracts/account.ts';
import { AVATAR_MAX_BYTES } from '../../../core/upload-types.ts';
import { badRequest, notFound } from '../../errors.ts';
import { AvatarFiles } from './avatar-files.ts';

export const AVATAR_URL_PREFIX = `/api${ACCOUNT_PATHS.avatar('')}`;

/**
 * Avatar images: upload (multipart field `file`) answers the image's address, which the
 * client then saves with account/update/avatar. Images are public by unguessable name, as
 * an <img> cannot send the token header.
 */
export async function avatarRoutes(app: FastifyInstance): Promise<void> {
  const files = new AvatarFiles(app.services.config.dataDir);

  app.post(ACCOUNT_PATHS.avatarUpload, { config: { auth: 'user' } }, async (request) => {
    const part = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES, files: 1 } });
    if (!part) throw badRequest('file', 'is required');
    const name = await files.save(part.filename, part.file);
    return { url: `${AVATAR_URL_PREFIX}${name}` };
  });

  app.get<{ Params: { name: string } }>(ACCOUNT_PATHS.avatar(':name'), { config: { auth: 'public' } }, async (request, reply) => {
    const found = files.locate(request.params.name);
    if (!found) throw notFound('Image');
    return reply
      .header('content-type', found.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      // An SVG opened directly must not run anything.
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .send(fs.createReadStream(found.file));
  });
}
