import { describe, expect, it } from 'vitest';
import { brandedIndex } from '../../../src/server/brands/branded-index.ts';
import { publicBrandConfig } from '../../../src/server/brands/routes.ts';
import { BRAND_DATA_ID } from '../../../src/shared/brand-in-page.ts';

const HTML = '<!doctype html>\n<html>\n  <head><title>Retaguarda</title></head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n';

describe('index.html with the brand in it', () => {
  const brand = { id: 2, nome: 'Marca Dois', dominios: ['marca2.localhost'], padrao: false, config: { tema: 'verde', title: 'Dois </script><script>alert(1)</script> <!-- x', misc: { CRM: { TOKEN: 'segredo', STAGE_ID: 1 } } } };

  it('carries the public configuration, as the brand request answers it, in a data block no text can close', () => {
    const page = brandedIndex(HTML, brand);
    const blocks = [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(blocks).toHaveLength(1);
    expect(blocks[0][1]).toBe(` type="application/json" id="${BRAND_DATA_ID}"`);
    expect(JSON.parse(blocks[0][2])).toEqual(JSON.parse(JSON.stringify(publicBrandConfig(brand))));
    expect(blocks[0][2]).not.toContain('<');
    // Never the brand's secrets: the same filter as the brand request.
    expect(page).not.toContain('segredo');
    // Inside the body, the rest of the page as built.
    expect(page.replace(blocks[0][0], '').replace(/\n\s*\n/, '\n')).toBe(HTML);
  });
});
