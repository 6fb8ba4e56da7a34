import sanitizeHtml from 'sanitize-html';

/**
 * What rich text (notices, activities) may hold once saved: formatting,
 * links, images and videos. Scripts, event handlers (`on*`), `javascript:`
 * and `data:` addresses, styles beyond alignment and colour, and every
 * iframe are removed by sanitize-html before the HTML reaches the database,
 * so whatever a client sends, what is served is inert.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'iframe'),
    'img',
    'video',
    'source',
    'span',
    'u',
    's',
    'h1',
    'h2',
  ],
  allowedAttributes: {
    a: ['href', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'poster', 'width', 'height'],
    source: ['src', 'type'],
    '*': ['style'],
  },
  allowedStyles: {
    '*': {
      'text-align': [/^(left|right|center|justify)$/],
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d{1,3}\s*,\s*\d{1,3}\s*,\s*\d{1,3}\s*\)$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'], video: ['http', 'https'], source: ['http', 'https'] },
  allowProtocolRelative: false,
  // A link opening a new window cannot reach back into the console.
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  disallowedTagsMode: 'discard',
};

/** The HTML as it may be stored and served. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
