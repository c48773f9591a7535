import { makeAutoObservable } from 'mobx';

export type UploadItemStatus = 'uploading' | 'done' | 'error';

export interface UploadItem {
  id: string;
  name: string;
  size: number;
  percent: number;
  status: UploadItemStatus;
  error?: string;
}

/** Upload state of spec §3: the list, whether the panel shows, and its size (default `max`). */
export class UploadStore {
  list: UploadItem[] = [];
  visible = false;
  status: 'max' | 'min' = 'max';

  constructor() {
    makeAutoObservable(this);
  }

  add(item: Omit<UploadItem, 'percent' | 'status'>): void {
    this.list.push({ ...item, percent: 0, status: 'uploading' });
    this.visible = true;
  }

  progress(id: string, percent: number): void {
    const item = this.list.find((i) => i.id === id);
    if (item) item.percent = Math.max(0, Math.min(100, Math.round(percent)));
  }

  finish(id: string, error?: string): void {
    const item = this.list.find((i) => i.id === id);
    if (!item) return;
    item.status = error ? 'error' : 'done';
    item.error = error;
    if (!error) item.percent = 100;
  }

  remove(id: string): void {
    this.list = this.list.filter((i) => i.id !== id);
    if (this.list.length === 0) this.visible = false;
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
  }

  toggleStatus(): void {
    this.status = this.status === 'max' ? 'min' : 'max';
  }

  clear(): void {
    this.list = [];
    this.visible = false;
    this.status = 'max';
  }
}
