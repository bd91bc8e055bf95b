import { describe, expect, it } from 'vitest';
import { markdownToHtml, parseMarkdown, safeHref } from './markdown';

describe('markdown', () => {
  it('reads headings, paragraphs, lists, quotes and inline marks', () => {
    const html = markdownToHtml(
      '# Title\n\n### Sub\n\nFirst line\nsecond line with **bold**, *em* and `code`.\n\n- one\n- two [link](https://dak.example/a)\n\n1. first\n2. second\n\n> quoted',
    );
    expect(html).toBe(
      [
        '<h2>Title</h2>',
        '<h3>Sub</h3>',
        '<p>First line second line with <strong>bold</strong>, <em>em</em> and <code>code</code>.</p>',
        '<ul><li>one</li><li>two <a href="https://dak.example/a" rel="noopener noreferrer nofollow">link</a></li></ul>',
        '<ol><li>first</li><li>second</li></ol>',
        '<blockquote><p>quoted</p></blockquote>',
      ].join('\n'),
    );
  });

  it('never lets raw HTML or script links through', () => {
    const html = markdownToHtml(
      '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[x](javascript:void) [y](//evil.example) [z](/track/AB12)',
    );
    expect(html).not.toMatch(/<script|<img|javascript:|href="\/\/evil/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('<a href="/track/AB12">z</a>');
    expect(html).toContain('x y');
  });

  it('refuses protocol-relative, backslash and hidden-character tricks (issue 11)', () => {
    for (const href of [
      '/\\evil.example',
      '\\\\evil.example',
      '/\\/evil.example',
      '//evil.example',
      '\\/evil.example',
      ' javascript:alert(1)',
      '\u0001javascript:alert(1)',
      'java\nscript:alert(1)',
      '\u00a0/x',
      'https:\\\\evil.example',
      'https:///evil.example',
      'javascript:alert(1)',
      'evil.example',
      '#top',
    ]) {
      expect(safeHref(href), JSON.stringify(href)).toBeNull();
    }
    for (const href of [
      '/',
      '/coverage?q=x#a',
      'https://dak.example/a',
      'HTTP://dak.example',
      'tel:+8809610',
      'mailto:a@b.c',
    ]) {
      expect(safeHref(href)).toBe(href);
    }
  });

  it('escapes quotes inside link targets', () => {
    expect(markdownToHtml('[a](https://x.example/"onmouseover="1)')).not.toContain('"onmouseover');
    expect(safeHref('mailto:sales@dak.example')).toBe('mailto:sales@dak.example');
    expect(safeHref('data:text/html,hi')).toBeNull();
  });

  it('keeps Bengali text and leaves unmatched marks as text', () => {
    expect(parseMarkdown('ক্যাশ অন ডেলিভারি **পরের দিন** * একা')).toEqual([
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'ক্যাশ অন ডেলিভারি ' },
          { type: 'strong', children: [{ type: 'text', text: 'পরের দিন' }] },
          { type: 'text', text: ' * একা' },
        ],
      },
    ]);
  });
});
