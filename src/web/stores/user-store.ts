import { makeAutoObservable } from 'mobx';

/** User state of spec §3: username, name, token. */
export class UserStore {
  username = '';
  name = '';
  token = '';

  constructor() {
    makeAutoObservable(this);
  }

  get signedIn(): boolean {
    return this.token !== '';
  }

  setToken(token: string): void {
    this.token = token;
  }

  setUser(user: { username: string; name: string }): void {
    this.username = user.username;
    this.name = user.name;
  }

  clear(): void {
    this.username = '';
    this.name = '';
    this.token = '';
  }
}
