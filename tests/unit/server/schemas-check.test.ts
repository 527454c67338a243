import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkSchemas } from '../../../scripts/schemas-check/documents.ts';
import { SCHEMAS_DIR } from '../../../src/server/catalog/documents.ts';

function brokenCopy(edit: (dir: string) => void): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'schemas-'));
  cpSync(SCHEMAS_DIR, dir, { recursive: true });
  edit(dir);
  return checkSchemas(dir);
}
const editJson = (file: string, fn: (d: any) => void) => {
  const d = JSON.parse(readFileSync(file, 'utf8'));
  fn(d);
  writeFileSync(file, JSON.stringify(d));
};

describe('schemas:check', () => {
  it('the project documents are valid and consistent', () => {
    expect(checkSchemas()).toEqual([]);
  });
  it('finds a menu linking a route that does not exist', () => {
    const errors = brokenCopy((dir) => editJson(join(dir, 'menus/main.json'), (d) => (d.items[0].link = 'pages/nao-existe')));
    expect(errors.join('\n')).toMatch(/item DASHBOARD leva a 'pages\/nao-existe', rota que não existe/);
  });
  it('finds a resource naming an unknown permission key, lookup and field', () => {
    const errors = brokenCopy((dir) => {
      editJson(join(dir, 'resources/cliente.json'), (d) => {
        d.permission = 'app.naoexiste';
        d.list.columns.push({ field: 'fantasma' });
      });
      // uf comes from the shared address group: its mistake shows in every document that includes it
      editJson(join(dir, 'fragments/endereco.json'), (d) => (d.properties.uf.lookup = 'listaInexistente'));
    }).join('\n');
    expect(errors).toMatch(/permissão 'app.naoexiste' não existe/);
    for (const r of ['cliente', 'fornecedor', 'transportador']) expect(errors).toMatch(new RegExp(`resources/${r}.json: campo uf aponta a lista 'listaInexistente'`));
    expect(errors).toMatch(/coluna 'fantasma'/);
  });
  it('finds duplicated menu keys and a document off its meta-schema', () => {
    const errors = brokenCopy((dir) => {
      editJson(join(dir, 'menus/user.json'), (d) => (d.items[0].key = 'DASHBOARD'));
      editJson(join(dir, 'resources/marca.json'), (d) => (d.endpoint = 'marcas minúsculas'));
    }).join('\n');
    expect(errors).toMatch(/chave de menu repetido: DASHBOARD/);
    expect(errors).toMatch(/resources\/marca.json\/endpoint/);
  });
});
