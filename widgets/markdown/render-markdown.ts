import DOMPurify from 'dompurify';
import { marked } from 'marked';

let hooked = false;

/** Links that leave Plinth open in a new tab that cannot reach back into this page. */
function hookLinks(): void {
  if (hooked) return;
  hooked = true;
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName !== 'A') return;
    const href = node.getAttribute('href') ?? '';
    if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('mailto:') && !href.startsWith('tel:')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer');
    } else {
      node.removeAttribute('target');
    }
  });
}

/** Markdown (GitHub flavour) as sanitised HTML: no scripts, handlers, styles, forms or frames. */
export function renderMarkdown(content: string): string {
  hookLinks();
  const html = marked.parse(content, { async: false, gfm: true, breaks: false });
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|\/(?!\/)|#|data:image\/(?:png|jpeg|gif|webp);)/i,
  });
}
