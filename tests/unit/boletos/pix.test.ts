import { crc16, lerPix, montarPixEstatico, tipoChavePix } from '../../../src/server/boletos/pix/br-code.ts';

// Published BR Codes: the Banco Central's Manual de Padrões para Iniciação do Pix (static example), and the
// static/dynamic examples annotated field by field in gist matheusb-comp/1efa205b3c0ffd7af1e8ce63a10e02dc.
const PUBLICADOS = [
  {
    fonte: 'BCB manual, static',
    codigo: '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D',
    lido: { chave: '123e4567-e12b-12d1-a456-426655440000', valor: null, nome: 'Fulano de Tal', cidade: 'BRASILIA', txid: null },
  },
  {
    fonte: 'gist, static with amount and phone key',
    codigo: '00020126360014BR.GOV.BCB.PIX0114+5511943214321520400005303986540566.665802BR5907EMPRESA6008BRASILIA62080503***6304170E',
    lido: { chave: '+5511943214321', valor: '66.66', nome: 'EMPRESA', cidade: 'BRASILIA', txid: null },
  },
  {
    fonte: 'gist, dynamic (URL)',
    codigo: '00020101021226770014BR.GOV.BCB.PIX2555pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a995204000053039865802BR5907EMPRESA6009SAO PAULO62070503***6304EEAB',
    lido: { chave: null, url: 'pix.example.com/qr/93598be0-1bd0-4997-8318-81776a1d8a99', nome: 'EMPRESA', cidade: 'SAO PAULO', iniciacao: 'dinamico' },
  },
];

describe('CRC16/CCITT-FALSE', () => {
  it('standard check value of "123456789" is 29B1', () => expect(crc16('123456789')).toBe('29B1'));
  it.each(PUBLICADOS)('$fonte', ({ codigo }) => expect(crc16(codigo.slice(0, -4))).toBe(codigo.slice(-4)));
});

describe('lerPix reads published codes', () => {
  const bemFormados = PUBLICADOS.filter((p) => p !== PUBLICADOS[1]);
  it.each(bemFormados)('$fonte', ({ codigo, lido }) => expect(lerPix(codigo)).toMatchObject(lido));

  it('refuses the gist static example: its CRC is right but field 62 declares 8 characters and holds 7', () => {
    expect(() => lerPix(PUBLICADOS[1].codigo)).toThrow(/malformado/);
    const corrigido = PUBLICADOS[1].codigo.slice(0, -4).replace('62080503***', '62070503***');
    expect(lerPix(corrigido + crc16(corrigido))).toMatchObject(PUBLICADOS[1].lido);
  });
});

describe('montarPixEstatico', () => {
  it('rebuilds the Banco Central example byte for byte', () => {
    expect(montarPixEstatico({ chave: '123e4567-e12b-12d1-a456-426655440000', nome: 'Fulano de Tal', cidade: 'BRASILIA' })).toBe(PUBLICADOS[0].codigo);
  });

  it('field structure: amount, txid, description, accents removed, lengths right', () => {
    const codigo = montarPixEstatico({ chave: 'financeiro@loja.com.br', valor: '1234.5', nome: 'Padaria São João', cidade: 'São José dos Campos', txid: 'PED12345', descricao: 'Pedido 12345' });
    expect(codigo).toContain('0014br.gov.bcb.pix0122financeiro@loja.com.br0212Pedido 12345');
    expect(codigo).toContain('54071234.50');
    expect(codigo).toContain('5916Padaria Sao Joao');
    expect(codigo).toContain('6015Sao Jose dos Ca');
    expect(codigo).toContain('62120508PED12345');
    expect(lerPix(codigo)).toMatchObject({ chave: 'financeiro@loja.com.br', valor: '1234.50', txid: 'PED12345', descricao: 'Pedido 12345' });
  });

  it('round trips random keys and amounts', () => {
    const chaves = ['11144477735', '11222333000181', '+5521987654321', 'a@b.co', '7d9f0335-8dcc-4054-9bf9-0dbd61d36906'];
    for (let i = 0; i < 200; i++) {
      const valor = i % 5 === 0 ? null : `${(i * 7919) % 1000000}.${String(i % 100).padStart(2, '0')}`;
      const entrada = { chave: chaves[i % chaves.length], valor, nome: `Loja ${i}`, cidade: 'Recife', txid: `T${i}` };
      const lido = lerPix(montarPixEstatico(entrada));
      expect(lido.chave).toBe(entrada.chave);
      expect(lido.valor).toBe(valor === null || Number(valor) === 0 ? null : Number(valor).toFixed(2));
      expect(lido.txid).toBe(entrada.txid);
    }
  });

  it.each([
    [{ chave: '12345678900' }, /Chave Pix inválida/],
    [{ chave: '11999998888' }, /Chave Pix inválida/],
    [{ valor: '10.001' }, /duas casas/],
    [{ txid: 'com espaço' }, /txid/],
    [{ nome: '' }, /nome/],
  ])('refuses %o', (troca, msg) => {
    expect(() => montarPixEstatico({ chave: '11144477735', nome: 'Loja', cidade: 'Recife', ...troca })).toThrow(msg);
  });
});

describe('lerPix refuses broken copia-e-cola', () => {
  const ok = montarPixEstatico({ chave: '+5511943214321', valor: '66.66', nome: 'EMPRESA', cidade: 'BRASILIA' });
  it.each([
    [ok.replace('66.66', '99.99'), /CRC do código Pix não confere/],
    [ok.slice(0, -8), /sem o CRC/],
    ['123', /começar com 000201/],
    [(() => { const s = ok.replace('5303986', '5303840').slice(0, -4); return s + crc16(s); })(), /moeda/],
    [(() => { const s = ok.replace('br.gov.bcb.pix', 'br.gov.bcb.xyz').slice(0, -4); return s + crc16(s); })(), /não é um Pix/],
  ])('%s', (codigo, msg) => expect(() => lerPix(codigo)).toThrow(msg));
});

describe('tipoChavePix', () => {
  it.each([
    ['11144477735', 'cpf'],
    ['11222333000181', 'cnpj'],
    ['+5511912345678', 'telefone'],
    ['fulano@exemplo.com', 'email'],
    ['123e4567-e12b-12d1-a456-426655440000', 'aleatoria'],
    ['11111111111', null],
    ['11222333000182', null],
    ['fulano', null],
  ])('%s -> %s', (c, t) => expect(tipoChavePix(c)).toBe(t));
});
