// @vitest-environment happy-dom
import i18next from 'i18next';
import { createElement, Fragment, useLayoutEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { lazyComponent } from '../../../src/web/router/chunk-loader.tsx';

describe('a lazy component', () => {
  it('draws when its chunk arrives between its first render and its effects', async () => {
    await i18next.createInstance().use(initReactI18next).init({ lng: 'en', resources: {} });
    let arrive!: (module: { default: () => string }) => void;
    const Lazy = lazyComponent(() => new Promise<{ default: () => string }>((resolve) => (arrive = resolve)));
    void Lazy.preload(); // another cell already asked for the chunk
    // Runs while React commits: after Lazy rendered without its component, before Lazy's effects.
    const ChunkArrives = () => {
      useLayoutEffect(() => arrive({ default: () => 'drawn' }), []);
      return null;
    };
    const container = document.createElement('div');
    createRoot(container).render(createElement(Fragment, null, createElement(Lazy), createElement(ChunkArrives)));
    await vi.waitFor(() => expect(container.textContent).toBe('drawn'), { timeout: 2000 });
  });
});
