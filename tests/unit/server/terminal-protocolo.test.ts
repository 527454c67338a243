import { interpretar, respostaPreco, separarFrames } from '../../../src/server/exportacoes/terminal/protocolo.ts';

// The Gertec price-check protocol's framing (issue 36 item 6): what the terminal sends, cut into frames.
describe('protocolo do terminal de consulta', () => {
  it('cuts frames at NUL, CR or LF and at each #, keeping an unfinished one for the next packet', () => {
    expect(separarFrames('#tc506|4.0\0#7891000315507\0', false)).toEqual({ frames: ['#tc506|4.0', '#7891000315507'], resto: '' });
    expect(separarFrames('#live#7891000315507\0#78910', false)).toEqual({ frames: ['#live', '#7891000315507'], resto: '#78910' });
    // A client that sends no terminator: the packet's end ends the frame.
    expect(separarFrames('#7891000315507', true)).toEqual({ frames: ['#7891000315507'], resto: '' });
    expect(separarFrames('#123\r\n', false)).toEqual({ frames: ['#123'], resto: '' });
  });
  it('tells identification, keep-alive and price queries apart', () => {
    expect(interpretar('#tc506|4.0')).toEqual({ tipo: 'identificacao', modelo: 'tc506', versao: '4.0' });
    expect(interpretar('#bpg2e')).toEqual({ tipo: 'identificacao', modelo: 'bpg2e', versao: null });
    expect(interpretar('#live')).toEqual({ tipo: 'vivo' });
    expect(interpretar('#live?')).toEqual({ tipo: 'vivoPergunta' });
    expect(interpretar('#7891000315507')).toEqual({ tipo: 'codigo', codigo: '7891000315507' });
    expect(interpretar('#macaddr00:11')).toEqual({ tipo: 'outro', texto: '#macaddr00:11' });
  });
  it('answers #name|price with the name cut to 80 columns and no # or | inside', () => {
    expect(respostaPreco('Café #1 | torrado', '12.9')).toBe('#Café  1   torrado|R$ 12,90');
    expect(respostaPreco('x'.repeat(100), '1234.5')).toBe(`#${'x'.repeat(80)}|R$ 1.234,50`);
  });
});
