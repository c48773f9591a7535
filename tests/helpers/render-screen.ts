import { act, render } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import type { RootStore } from '../../src/web/stores/root-store.ts';
import { StoresProvider } from '../../src/web/stores/stores-context.tsx';

/** antd reads window.matchMedia, which happy-dom lacks; a stub that never matches. */
export function stubMatchMedia(): void {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener() {},
    removeListener() {},
    addEventListener() {},
    removeEventListener() {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
}

/** Renders `element` as the app would: inside its translations, its stores and a router. */
export async function renderScreen(element: ReactNode, { i18n, stores }: { i18n: I18n; stores: RootStore }): Promise<void> {
  await act(async () => {
    render(createElement(I18nextProvider, { i18n }, createElement(StoresProvider, { stores, children: createElement(MemoryRouter, null, element) })));
  });
}
