import { type MdBlock, type MdInline, parseMarkdown } from '@dak/domain/markdown';
import { Fragment, type ReactNode } from 'react';

function inline(nodes: MdInline[]): ReactNode {
  return nodes.map(inlineNode);
}

// Keys are positions: the tree is read from the text on every render, so position is identity.
function inlineNode(node: MdInline, i: number): ReactNode {
  const key = `${node.type}-${i}`;
  switch (node.type) {
    case 'text':
      return <Fragment key={key}>{node.text}</Fragment>;
    case 'code':
      return <code key={key}>{node.text}</code>;
    case 'strong':
      return <strong key={key}>{inline(node.children)}</strong>;
    case 'em':
      return <em key={key}>{inline(node.children)}</em>;
    case 'link':
      // Another site opens beside ours; our own pages (`/coverage`), mail and phone links do not.
      return /^https?:\/\//i.test(node.href) ? (
        <a key={key} href={node.href} target="_blank" rel="noopener noreferrer nofollow">
          {inline(node.children)}
        </a>
      ) : (
        <a key={key} href={node.href}>
          {inline(node.children)}
        </a>
      );
  }
}

function block(node: MdBlock, i: number): ReactNode {
  const key = `${node.type}-${i}`;
  switch (node.type) {
    case 'heading': {
      const Tag = `h${node.level}` as const;
      return <Tag key={key}>{inline(node.children)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{inline(node.children)}</p>;
    case 'quote':
      return <blockquote key={key}>{inline(node.children)}</blockquote>;
    case 'list': {
      // biome-ignore lint/suspicious/noArrayIndexKey: list items are positions in the text
      const items = node.items.map((item, j) => <li key={`li-${j}`}>{inline(item)}</li>);
      return node.ordered ? <ol key={key}>{items}</ol> : <ul key={key}>{items}</ul>;
    }
  }
}

/**
 * Staff markdown as React elements: the shared reader (`@dak/domain/markdown`) gives a tree of
 * plain strings, so text that looks like HTML is shown as text and never becomes markup. Used by
 * the console's previews and the public site's blog and FAQ (React and the domain only, so it
 * adds nothing heavy to the site's bundle).
 */
export function MarkdownView({ source, lang }: { source: string; lang?: 'en' | 'bn' }) {
  return (
    <div className="content-markdown" lang={lang}>
      {parseMarkdown(source).map(block)}
    </div>
  );
}
