import { makeAutoObservable, runInAction } from 'mobx';
import type { Department } from '../../../core/contracts/org.ts';
import type { AddressNode } from '../../../core/entities.ts';
import type { FormDataApi } from './form-data-api.ts';

export interface AddressValue {
  province?: string;
  city?: string;
  district?: string;
}

const flattenDepartments = (list: readonly Department[]): Department[] => list.flatMap((each) => [each, ...flattenDepartments(each.children)]);

/**
 * Names behind the ids and codes records hold (members, departments, regions), read once per
 * screen and filled in as rows arrive; a cell shows the id until its name is known.
 */
export class Directory {
  members = new Map<number, string>();
  departments: Department[] = [];
  departmentNames = new Map<number, string>();
  regions = new Map<string, AddressNode>();
  private readonly childrenLoaded = new Map<number, Promise<AddressNode[]>>();
  private provincesLoaded: Promise<void> | null = null;

  constructor(private readonly api: FormDataApi) {
    makeAutoObservable<Directory, 'api' | 'childrenLoaded' | 'provincesLoaded'>(this, { api: false, childrenLoaded: false, provincesLoaded: false });
  }

  /** Members and departments: small directories, read whole. */
  async loadPeople(): Promise<void> {
    const [members, departments] = await Promise.all([this.api.members().catch(() => []), this.api.departments().catch(() => [])]);
    runInAction(() => {
      this.members = new Map(members.map((member) => [member.id, member.name]));
      this.departments = departments;
      this.departmentNames = new Map(flattenDepartments(departments).map((each) => [each.id, each.name]));
    });
  }

  provinces(): Promise<void> {
    this.provincesLoaded ??= this.api
      .provinces()
      .then((nodes) => this.keep(nodes))
      .catch(() => {
        this.provincesLoaded = null;
      });
    return this.provincesLoaded;
  }

  /** The regions under a node (cached), for the cascader and for names. */
  children(parentId: number): Promise<AddressNode[]> {
    let loading = this.childrenLoaded.get(parentId);
    if (!loading) {
      loading = this.api.addressChildren(parentId).then((nodes) => {
        this.keep(nodes);
        return nodes;
      });
      loading.catch(() => this.childrenLoaded.delete(parentId));
      this.childrenLoaded.set(parentId, loading);
    }
    return loading;
  }

  /** Loads the region names of these addresses, each level under the one above. */
  async resolveAddresses(values: readonly AddressValue[]): Promise<void> {
    await this.provinces();
    const parentsOf = (codes: (string | undefined)[]) =>
      [...new Set(codes)].flatMap((code) => {
        const node = code ? this.regions.get(code) : undefined;
        return node ? [node.id] : [];
      });
    await Promise.all(parentsOf(values.filter((value) => value.city).map((value) => value.province)).map((id) => this.children(id).catch(() => [])));
    await Promise.all(parentsOf(values.filter((value) => value.district).map((value) => value.city)).map((id) => this.children(id).catch(() => [])));
  }

  get provinceNodes(): AddressNode[] {
    return [...this.regions.values()].filter((node) => node.parentId === null);
  }

  private keep(nodes: readonly AddressNode[]): void {
    for (const node of nodes) this.regions.set(node.code, node);
  }
}
