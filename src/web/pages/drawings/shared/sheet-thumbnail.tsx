import { FileImageOutlined } from '@ant-design/icons';
import { useState } from 'react';

/**
 * A revision's thumbnail (a PNG the server made, at most 512 px on its long side), loaded when
 * it scrolls near; a revision without one, or one that fails to load, shows a drawing icon.
 */
export function SheetThumbnail({ url, alt, className = '' }: { url: string | null; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <div className={`drawing-thumb ${className}`}>
      {url && !failed ? (
        <img src={url} alt={alt} loading="lazy" decoding="async" draggable={false} onError={() => setFailed(true)} />
      ) : (
        <FileImageOutlined className="drawing-thumb-none" role="img" aria-label={alt} />
      )}
    </div>
  );
}
