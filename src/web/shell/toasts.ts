import type { MessageInstance } from 'antd/es/message/interface';

/** antd's message API, as the antd frame provides it (context-aware) or as its static fallback. */
type Messages = Pick<MessageInstance, 'error' | 'destroy'>;

let attached: Messages | null = null;

/**
 * Outside the antd frame (the sign-in screen is drawn without antd to keep it small) toasts
 * use antd's static message API, loaded on the first toast only.
 */
async function standalone(): Promise<Messages> {
  const { message } = await import('antd');
  message.config({ rtl: document.documentElement.dir === 'rtl' });
  return message;
}

/**
 * Error toasts for the request layer, which lives outside React. The antd frame attaches its
 * context-aware message instance so toasts follow the language direction and theme.
 */
export const toasts = {
  /** Returns the detach function for when the frame unmounts. */
  attach(messages: Messages): () => void {
    attached = messages;
    return () => {
      if (attached === messages) attached = null;
    };
  },
  error(text: string, seconds: number): void {
    if (attached) void attached.error(text, seconds);
    else void standalone().then((messages) => messages.error(text, seconds));
  },
  closeAll(): void {
    attached?.destroy();
  },
};
