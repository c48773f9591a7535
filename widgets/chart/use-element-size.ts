import { useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface ElementSize {
  width: number;
  height: number;
}

/** The element's content size in whole px, kept up to date by a ResizeObserver; null until measured or while it has no area. */
export function useElementSize<T extends HTMLElement>(): [RefObject<T | null>, ElementSize | null] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<ElementSize | null>(null);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = (width: number, height: number) => {
      const next = width >= 1 && height >= 1 ? { width: Math.floor(width), height: Math.floor(height) } : null;
      setSize((current) => (current?.width === next?.width && current?.height === next?.height ? current : next));
    };
    const rect = element.getBoundingClientRect();
    update(rect.width, rect.height);
    const observer = new ResizeObserver((entries) => {
      const box = entries[entries.length - 1]?.contentRect;
      if (box) update(box.width, box.height);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, size];
}
