import type { FastifyInstance } from 'fastify';
import { ADDRESS_PATHS, addressSubQuery, type AddressSubQuery } from '../../../core/contracts/address.ts';
import type { AddressNode } from '../../../core/entities.ts';
import { notFound } from '../../errors.ts';

/** China's administrative divisions: shared reference data, the same for every tenant. */
export async function addressRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.services;
  const nodes = db.selectFrom('address').select(['id', 'code', 'name', 'parent_id as parentId']).orderBy('code');

  app.get(ADDRESS_PATHS.provinces, { config: { auth: 'user' } }, async (): Promise<AddressNode[]> =>
    nodes.where('parent_id', 'is', null).execute(),
  );

  app.get<{ Querystring: AddressSubQuery }>(
    ADDRESS_PATHS.sub,
    { schema: { querystring: addressSubQuery }, config: { auth: 'user' } },
    async (request): Promise<AddressNode[]> => {
      const parent = await db.selectFrom('address').select('id').where('id', '=', request.query.parentId).executeTakeFirst();
      if (!parent) throw notFound('Address');
      return nodes.where('parent_id', '=', parent.id).execute();
    },
  );
}
