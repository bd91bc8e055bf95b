import type { ReactNode } from 'react';

/**
 * A small markdown reader for blog posts: headings (# and ## as h2, ### as h3), paragraphs, lists (- or 1.),
 * **bold**, *italic*, [links](https://…). Builds React elements, never HTML strings, so a post
 * cannot inject markup; links other than http(s) and site paths are shown as text.
 */
export function Markdown({ source }: { source: string }) {
  const blocks = source.replace(/\r\n/g, '\n').split(/\n{2,}/);
  return (
    <>
      {blocks.map((block, i) => {
        const text = block.trim();
        const key = `${i}`;
        const heading = /^(#{1,3})\s+(.*)$/.exec(text);
        if (heading) {
          // The page title is the h1: "#" and "##" are sections (h2), "###" a subsection (h3).
          const level = Math.max(2, heading[1]?.length ?? 2);
          const content = inline(heading[2] ?? '');
          return level === 2 ? (
            <h2 key={key}>{content}</h2>
          ) : level === 3 ? (
            <h3 key={key}>{content}</h3>
          ) : (
            <h4 key={key}>{content}</h4>
          );
        }
        const lines = text.split('\n');
        if (lines.every((l) => /^\s*[-*]\s+/.test(l))) {
          return (
            <ul key={key}>
              {lines.map((l, j) => {
                const itemKey = `${j}`;
                return <li key={itemKey}>{inline(l.replace(/^\s*[-*]\s+/, ''))}</li>;
              })}
            </ul>
          );
        }
        if (lines.every((l) => /^\s*\d+\.\s+/.test(l))) {
          return (
            <ol key={key}>
              {lines.map((l, j) => {
                const itemKey = `${j}`;
                return <li key={itemKey}>{inline(l.replace(/^\s*\d+\.\s+/, ''))}</li>;
              })}
            </ol>
          );
        }
        return text ? <p key={key}>{inline(lines.join(' '))}</p> : null;
      })}
    </>
  );
}

const inlinePattern = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

function inline(text: string): ReactNode[] {
  const out: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(inlinePattern)) {
    const at = match.index ?? 0;
    if (at > last) out.push(text.slice(last, at));
    const key = `${at}`;
    if (match[1]) out.push(<strong key={key}>{match[1]}</strong>);
    else if (match[2]) out.push(<em key={key}>{match[2]}</em>);
    else if (match[3] && match[4]) {
      const href = match[4];
      out.push(
        /^(https?:\/\/|\/)/.test(href) ? (
          <a key={key} href={href}>
            {match[3]}
          </a>
        ) : (
          match[3]
        ),
      );
    }
    last = at + match[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}
