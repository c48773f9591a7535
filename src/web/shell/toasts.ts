import type { MessageInstance } from 'antd/es/message/interface';

let instance: MessageInstance | null = null;
const early: [string, number][] = [];

/**
 * Error toasts for the request layer, which lives outside React. The App registers antd's
 * context-aware message instance (so toasts follow the language direction and theme).
 */
export const toasts = {
  attach(message: MessageInstance): void {
    instance = message;
    for (const [text, seconds] of early.splice(0)) void message.error(text, seconds);
  },
  error(text: string, seconds: number): void {
    if (instance) void instance.error(text, seconds);
    else early.push([text, seconds]);
  },
  closeAll(): void {
    instance?.destroy();
  },
};
