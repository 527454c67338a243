import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REFERENCIA } from '../../fixtures/referencia.ts';

const RAIZ = path.resolve(import.meta.dirname, '../../..');
const ORIGEM = path.join(RAIZ, '../shared/fiscal');
const arquivos = (dir: string): string[] =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => statSync(path.join(dir, f)).isFile())
    .sort();
const sha = (f: string) => createHash('sha256').update(readFileSync(f)).digest('hex');

/**
 * The tests read public reference data from tests/fixtures/referencia (a clone has no ../shared): each copy is the
 * original unchanged whenever ../shared is beside the repository, and the copies the tests name are all there.
 */
describe('reference data carried by the repository for the tests', () => {
  const copias = arquivos(REFERENCIA).filter((f) => f !== 'README.md');
  it('holds the samples, vectors and tables the tests read', () => {
    for (const f of ['samples/nfe_layout4.xml', 'samples/nfce_com_qrcode.xml', 'samples/nfse/dps-simples.xml', 'vectors/boleto-vectors.json', 'vectors/nfe-chave-vectors.json', 'tables/estados.csv', 'tables/nfe_tpag.csv', 'tables/ibscbs-cclasstrib.csv']) {
      expect(copias, f).toContain(f);
    }
  });
  it(existsSync(ORIGEM) ? 'each copy is byte-equal to its original in ../shared/fiscal' : 'each copy is a whole file (no ../shared here to compare with)', () => {
    for (const f of copias) expect(statSync(path.join(REFERENCIA, f)).size, f).toBeGreaterThan(0);
    if (!existsSync(ORIGEM)) return;
    for (const f of copias) expect(sha(path.join(REFERENCIA, f)), f).toBe(sha(path.join(ORIGEM, f)));
    // The samples are copied whole (a test iterates over the folder).
    expect(arquivos(path.join(REFERENCIA, 'samples'))).toEqual(arquivos(path.join(ORIGEM, 'samples')));
  });
});
