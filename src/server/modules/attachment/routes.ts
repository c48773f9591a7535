import type { FastifyInstance } from 'fastify';
import { ATTACHMENT_PREFIX, attachmentListBody, type AttachmentListBody } from '../../../core/contracts/attachments.ts';
import { recordContext } from '../record/context.ts';
import { attachmentOptions, attachmentReader, listAttachments } from './service.ts';

/**
 * The attachment list (/docManage/attachManager): every file a record or an avatar holds, with
 * its uploader and owner, and the filter pickers' options. Opening it takes the screen's menu
 * entry; the rows are those whose owners the caller may read.
 */
export async function attachmentRoutes(app: FastifyInstance): Promise<void> {
  const reader = (request: Parameters<typeof recordContext>[1]) => attachmentReader(recordContext(app, request));

  app.post<{ Body: AttachmentListBody }>(`${ATTACHMENT_PREFIX}/list`, { schema: { body: attachmentListBody } }, async (request) =>
    listAttachments(await reader(request), request.body),
  );

  app.get(`${ATTACHMENT_PREFIX}/options`, async (request) => attachmentOptions(await reader(request)));
}
