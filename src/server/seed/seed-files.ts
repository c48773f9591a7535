import fs from 'node:fs';
import path from 'node:path';
import { createAjv, describeValidationError } from '../../core/validation/ajv.ts';
import { PROJECT_ROOT } from '../project-root.ts';

export const SCHEMAS_DIR = path.join(PROJECT_ROOT, 'schemas');

export interface SeedMenuNode {
  key: string;
  title: string;
  type: 'MENU' | 'PAGE' | 'BUTTON';
  route?: string;
  icon?: string;
  code?: string;
  children?: SeedMenuNode[];
}

export interface SeedDemo {
  password: string;
  users: { username: string; name: string; mobilePhone?: string; email?: string }[];
  tenants: {
    code: string;
    name: string;
    workspaces: { code: string; name: string; menus: string[] }[];
    roles: {
      code: string;
      name: string;
      description?: string;
      dataScope?: 'own' | 'workspace' | 'tenant';
      grants: string[];
      except?: string[];
      exceptPoints?: boolean;
    }[];
    members: { username: string; type: 'ADMIN' | 'USER'; workspaces: string[]; roles?: string[] }[];
    templates?: { name: string; description?: string; menus: string[]; pages: string[] }[];
  }[];
}

const readJson = (relative: string): unknown => JSON.parse(fs.readFileSync(path.join(SCHEMAS_DIR, relative), 'utf8'));

/** Reads a seed file and checks it against its meta-schema, naming the bad path if it fails. */
export function readSeedFile<T>(file: string, metaSchema: string): T {
  const data = readJson(file);
  const validate = createAjv({ allErrors: true }).compile(readJson(metaSchema) as object);
  if (!validate(data)) {
    const problems = (validate.errors ?? []).map(describeValidationError).join('; ');
    throw new Error(`${file} does not match ${metaSchema}: ${problems}`);
  }
  return data as T;
}

export const readSeedMenu = () => readSeedFile<SeedMenuNode[]>('seed/menu.json', 'meta/menu.schema.json');
export const readSeedDemo = () => readSeedFile<SeedDemo>('seed/demo.json', 'meta/demo.schema.json');
