/**
 * A small, safe markdown reader for the blog and FAQ (issue 6). No renderer is installed and none
 * may be added, and staff text must never become raw HTML: this reads the subset staff need into
 * a tree of plain strings, which React renders as elements (the console) and `markdownToHtml`
 * writes with every character escaped (the server-rendered public pages). HTML in the source stays
 * visible text. Links keep only http(s), mailto, tel and site-relative addresses.
 *
 * Blocks: `#`/`##` (h2) and `###` (h3) headings, paragraphs (lines joined), `-`/`*` and `1.` lists, `>` quotes.
 * Inline: `**bold**`, `*italic*` / `_italic_`, `` `code` ``, `[text](url)`.
 */

export type MdInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: MdInline[] }
  | { type: 'em'; children: MdInline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: MdInline[] };

export type MdBlock =
  | { type: 'heading'; level: 2 | 3; children: MdInline[] }
  | { type: 'paragraph'; children: MdInline[] }
  | { type: 'list'; ordered: boolean; items: MdInline[][] }
  | { type: 'quote'; children: MdInline[] };

/**
 * A link target we are willing to render; anything else (javascript:, data:, …) is dropped.
 * Browsers forgive more than they show: they drop leading spaces and control characters, strip
 * tabs and newlines anywhere, and read `\` as `/`, so `/\evil.example`, `\\evil.example` and
 * `/\/evil.example` all leave the site, and ` javascript:` runs script. So a target with any
 * whitespace, control character or backslash is refused outright, and a relative one must be a
 * path on this site: `/` then anything but a second slash.
 */
export function safeHref(href: string): string | null {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
  if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028\u2029\u202f\u205f\u3000\ufeff\\]/.test(href))
    return null;
  if (/^https?:\/\/[^/?#]/i.test(href)) return href;
  if (/^(mailto|tel):./i.test(href)) return href;
  if (/^\/(?![/])/.test(href)) return href;
  return null;
}

/** Reads inline marks; unmatched marks stay as text. */
export function parseInline(source: string): MdInline[] {
  const out: MdInline[] = [];
  let buffer = '';
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    const code = /^`([^`]+)`/.exec(rest);
    if (code?.[1]) {
      flush();
      out.push({ type: 'code', text: code[1] });
      i += code[0].length;
      continue;
    }
    const strong = /^\*\*(.+?)\*\*/.exec(rest);
    if (strong?.[1]) {
      flush();
      out.push({ type: 'strong', children: parseInline(strong[1]) });
      i += strong[0].length;
      continue;
    }
    const em = /^([*_])([^*_\s](?:[^*_]*[^*_\s])?)\1/.exec(rest);
    if (em?.[2]) {
      flush();
      out.push({ type: 'em', children: parseInline(em[2]) });
      i += em[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link?.[1] && link[2]) {
      flush();
      const href = safeHref(link[2]);
      const children = parseInline(link[1]);
      if (href) out.push({ type: 'link', href, children });
      else out.push(...children);
      i += link[0].length;
      continue;
    }
    buffer += source[i];
    i += 1;
  }
  flush();
  return out;
}

const listItem = /^\s*(?:([-*])|(\d{1,3})[.)])\s+(.*)$/;

/** Reads the blocks of a markdown text. */
export function parseMarkdown(source: string): MdBlock[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: MdBlock[] = [];
  let paragraph: string[] = [];
  let quote: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    if (quote.length) blocks.push({ type: 'quote', children: parseInline(quote.join(' ')) });
    if (list) blocks.push({ type: 'list', ordered: list.ordered, items: list.items.map(parseInline) });
    paragraph = [];
    quote = [];
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trimEnd();
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading?.[1] && heading[2] !== undefined) {
      flush();
      // The page's title is its only h1: `#` and `##` are sections (h2), `###` a subsection (h3).
      const level = (heading[1].length === 3 ? 3 : 2) as 2 | 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2].replace(/\s#+$/, '')) });
      continue;
    }
    const item = listItem.exec(line);
    if (item) {
      const ordered = item[2] !== undefined;
      if (!list || list.ordered !== ordered) {
        flush();
        list = { ordered, items: [] };
      }
      list.items.push(item[3] ?? '');
      continue;
    }
    const quoted = /^>\s?(.*)$/.exec(line);
    if (quoted) {
      if (!quote.length) flush();
      quote.push(quoted[1] ?? '');
      continue;
    }
    if (list && /^\s{2,}/.test(raw)) {
      // An indented line continues the list's last item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list || quote.length) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}

/** Escapes text for HTML content and attribute values. */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

function inlineHtml(nodes: MdInline[]): string {
  return nodes.map(inlineNodeHtml).join('');
}

function inlineNodeHtml(node: MdInline): string {
  switch (node.type) {
    case 'text':
      return escapeHtml(node.text);
    case 'code':
      return `<code>${escapeHtml(node.text)}</code>`;
    case 'strong':
      return `<strong>${inlineHtml(node.children)}</strong>`;
    case 'em':
      return `<em>${inlineHtml(node.children)}</em>`;
    case 'link': {
      const external = /^https?:\/\//i.test(node.href) ? ' rel="noopener noreferrer nofollow"' : '';
      return `<a href="${escapeHtml(node.href)}"${external}>${inlineHtml(node.children)}</a>`;
    }
  }
}

/** The markdown as HTML in which only our own tags exist: every character of the source is escaped. */
export function markdownToHtml(source: string): string {
  return parseMarkdown(source).map(blockHtml).join('\n');
}

function blockHtml(block: MdBlock): string {
  switch (block.type) {
    case 'heading':
      return `<h${block.level}>${inlineHtml(block.children)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${inlineHtml(block.children)}</p>`;
    case 'quote':
      return `<blockquote><p>${inlineHtml(block.children)}</p></blockquote>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${inlineHtml(item)}</li>`).join('')}</${tag}>`;
    }
  }
}
