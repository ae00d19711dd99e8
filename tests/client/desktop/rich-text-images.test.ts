// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { dataImages, dropForeignImages } from '../../../src/desktop/components/rich-text-images.ts';

const ORIGIN = 'https://erp.example.com';
const PIXEL = 'data:image/png;base64,iVBORw0KGgo=';

const parse = (html: string) => new DOMParser().parseFromString(html, 'text/html');
const sources = (page: Document) => Array.from(page.querySelectorAll('img')).map((img) => img.getAttribute('src'));

describe('pasted images in a notice', () => {
  it("keeps inline and the console's own stored images, and takes out another site's, saying how many", () => {
    const page = parse(
      `<p>通知<img src="https://cdn.other.com/a.png">正文</p>` +
        `<img src="${PIXEL}">` +
        `<img src="/oss/000000/default/upload/20261130/x.png?sign=abc">` +
        `<img src="${ORIGIN}/oss/000000/default/upload/y.png?sign=def">` +
        `<img src="http://erp.example.com/oss/000000/default/z.png">` +
        `<img src="${ORIGIN}/api/blade-system/user/avatar.png">` +
        `<img src="javascript:alert(1)">`,
    );
    expect(dropForeignImages(page, ORIGIN)).toBe(4);
    expect(sources(page)).toEqual([
      PIXEL,
      '/oss/000000/default/upload/20261130/x.png?sign=abc',
      `${ORIGIN}/oss/000000/default/upload/y.png?sign=def`,
    ]);
    expect(page.body.textContent).toBe('通知正文');
    expect(dataImages(page)).toHaveLength(1);
  });

  it('changes nothing without images', () => {
    const page = parse('<p><b>加粗</b> 文字</p>');
    expect(dropForeignImages(page, ORIGIN)).toBe(0);
    expect(page.body.innerHTML).toBe('<p><b>加粗</b> 文字</p>');
  });
});
